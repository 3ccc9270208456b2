import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import type { AdminRegistrationRow } from '#shared/contracts/admin';
import type { Logger } from '../../lib/logger';
import { describeForLog } from '../../lib/errors';
import { csvRecord } from './csv';

const EXPORT_HEADER = [
  'Name',
  'Email',
  'Exam Category',
  'Exam Type',
  'City',
  'State',
  'Country',
  'Exam Date',
  'Payment Status',
  'Registered At',
  'Result',
  'Result Reported At',
  'Subscription Status',
  'Subscription Ends',
  'Amount (USD)',
] as const;

function exportCells(row: AdminRegistrationRow): (string | null)[] {
  return [
    row.name,
    row.email,
    row.examCategory,
    row.examType,
    row.city,
    row.state,
    row.country,
    row.examDate,
    row.paymentStatus,
    row.registeredAt,
    row.result?.result ?? null,
    row.result?.reportedAt ?? null,
    row.subscription?.status ?? null,
    row.subscription?.currentPeriodEnd ?? null,
    row.subscription ? (row.subscription.amountCents / 100).toFixed(2) : null,
  ];
}

/** Spreadsheet programs read a UTF-8 file as UTF-8 (names with accents) only after this mark. */
const UTF8_BOM = '\uFEFF';

/** The message a cut-off export fails with: nothing of the query or its values. */
export const EXPORT_INTERRUPTED = 'The export was interrupted.';

/**
 * The export as a byte stream that reads the next batch from the database only when the client
 * has taken the previous one (pull): memory stays at one batch however many rows there are, and
 * a download that is cancelled stops the queries.
 *
 * The first batch is read before the stream exists, so a failure there (before any byte is
 * sent) rejects this promise and leaves through the app's error handler as the normal JSON error.
 * Once bytes are sent the status is 200 and cannot change: a later failure is logged here and
 * fails the stream with EXPORT_INTERRUPTED only, so the server cuts the download off instead of
 * writing the database's message (the SQL and its values) to the client or the console.
 */
export async function exportCsvStream(
  batches: AsyncGenerator<AdminRegistrationRow[]>,
  logger: Logger,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await batches.next();
  const records = (rows: AdminRegistrationRow[]) => rows.map((row) => csvRecord(exportCells(row)));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const head = [
        UTF8_BOM + csvRecord(EXPORT_HEADER),
        ...(first.done ? [] : records(first.value)),
      ];
      controller.enqueue(encoder.encode(head.join('')));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(records(next.value).join('')));
      } catch (error) {
        logger.error({ err: describeForLog(error) }, 'admin CSV export failed');
        controller.error(new Error(EXPORT_INTERRUPTED));
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/**
 * The export gzipped by Node's zlib at its fastest level: 200 MB of CSV becomes about 30 MB to
 * download. Hono's compress middleware (CompressionStream) held about 120 MB more memory on a
 * million rows and was slower. pipeline() ends both sides on an error or a cancelled download.
 */
export function gzipped(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const gzip = createGzip({ level: 1 });
  pipeline(Readable.fromWeb(source as NodeReadableStream<Uint8Array>), gzip, () => {});
  return Readable.toWeb(gzip) as ReadableStream<Uint8Array>;
}
