import { parentPort } from 'node:worker_threads';
import { type ExtractableKind, extractText } from './extract-text';

/**
 * The extraction worker thread: one job at a time from the queue (extraction-queue.ts), the
 * file's bytes transferred in, its text (or an error's name) posted back.
 */
export type ExtractJob = { id: string; kind: ExtractableKind; bytes: Uint8Array };
export type ExtractReply = { id: string; text: string } | { id: string; error: string };

parentPort?.on('message', async (job: ExtractJob) => {
  let reply: ExtractReply;
  try {
    reply = { id: job.id, text: await extractText(job.kind, job.bytes) };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
