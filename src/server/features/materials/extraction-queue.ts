import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { studyMaterials } from '../../db/schema';
import type { FileStorage } from '../../integrations/storage';
import { describeForLog } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { ExtractJob, ExtractReply } from './extract-worker';
import { FairQueue } from './fair-queue';
import { kindOfContentType } from './materials.service';
import { removeStaleSpoolFiles } from './upload-spool';

/**
 * Text extraction off the request's path: the upload answers as soon as the file is stored
 * (status pending), then this queue reads the file back and hands its bytes to a worker thread
 * (extract-worker.ts), one file at a time, and records the text (done), that none was found
 * (empty) or the failure (failed). Students take turns (fair-queue.ts): one student's hundred
 * files do not hold back another student's one. The worker starts with the first job and stops after
 * `idleMs` without one, so an idle server holds no PDF reader in memory. Its heap is capped and
 * each job has a deadline: a hostile file can only fail its own job.
 * Jobs left pending by a stop are taken up again at start (resumePending).
 */
export type ExtractionQueue = {
  /** Queues a material of the student `userId` (whose turn decides when it is read). */
  enqueue(materialId: string, userId: string): void;
  /**
   * At start: queues every material still pending, and removes spool files an interrupted
   * upload left; returns how many materials were queued.
   */
  resumePending(): Promise<number>;
  /** Resolves when no job is queued or running (tests, the benchmark). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
};

export type ExtractionQueueOptions = {
  database: Database;
  storage: FileStorage;
  logger: Logger;
  /** A job still running after this fails and its worker is stopped. */
  timeoutMs?: number;
  idleMs?: number;
  /** The worker's heap limit. */
  maxWorkerHeapMb?: number;
};

export function createExtractionQueue(options: ExtractionQueueOptions): ExtractionQueue {
  const { database, storage, logger } = options;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const idleMs = options.idleMs ?? 5_000;
  const queue = new FairQueue<string>();
  let running = false;
  let closed = false;
  let idleWaiters: (() => void)[] = [];
  const worker = workerHandle({ maxHeapMb: options.maxWorkerHeapMb ?? 384, idleMs });

  const settleIdle = () => {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  async function pump() {
    if (running || closed) return;
    running = true;
    try {
      for (let id = queue.shift(); id !== undefined && !closed; id = queue.shift()) {
        await runJob(id);
      }
    } finally {
      running = false;
      worker.scheduleStop();
      settleIdle();
    }
  }

  async function runJob(id: string) {
    const [row] = await database.db
      .select({ fileUrl: studyMaterials.fileUrl, contentType: studyMaterials.contentType })
      .from(studyMaterials)
      .where(and(eq(studyMaterials.id, id), eq(studyMaterials.extractionStatus, 'pending')));
    if (!row) return; // removed meanwhile, or already done
    const kind = kindOfContentType(row.contentType);
    let update: { extractedText: string | null; extractionStatus: 'done' | 'empty' | 'failed' };
    if (kind !== 'pdf' && kind !== 'docx') {
      update = { extractedText: null, extractionStatus: 'failed' };
    } else {
      try {
        const bytes = await storage.read(row.fileUrl);
        const text = await worker.run({ id, kind, bytes: ownBytes(bytes) }, timeoutMs);
        update = text
          ? { extractedText: text, extractionStatus: 'done' }
          : { extractedText: null, extractionStatus: 'empty' };
      } catch (error) {
        logger.warn({ materialId: id, kind, err: describeForLog(error) }, 'text extraction failed');
        update = { extractedText: null, extractionStatus: 'failed' };
      }
    }
    await database.db
      .update(studyMaterials)
      .set(update)
      .where(and(eq(studyMaterials.id, id), eq(studyMaterials.extractionStatus, 'pending')));
  }

  const safePump = () =>
    void pump().catch((error: unknown) =>
      logger.error({ err: describeForLog(error) }, 'extraction queue stopped on an error'),
    );

  return {
    enqueue(materialId, userId) {
      if (closed) return;
      queue.push(userId, materialId);
      // After the current request's answer: the job never runs inside the upload's handler.
      setImmediate(safePump);
    },
    async resumePending() {
      await removeStaleSpoolFiles(storage.spoolDir, 60 * 60 * 1000);
      const rows = await database.db
        .select({ id: studyMaterials.id, userId: studyMaterials.userId })
        .from(studyMaterials)
        .where(eq(studyMaterials.extractionStatus, 'pending'))
        .orderBy(studyMaterials.createdAt);
      for (const row of rows) this.enqueue(row.id, row.userId);
      return rows.length;
    },
    whenIdle() {
      if (!running && queue.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      queue.clear();
      await worker.stop();
      settleIdle();
    },
  };
}

/** The bytes in an ArrayBuffer of their own, so they can be transferred (not copied) to the worker. */
function ownBytes(buffer: Buffer): Uint8Array {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) {
    return new Uint8Array(buffer.buffer, 0, buffer.length);
  }
  return new Uint8Array(buffer);
}

/**
 * The worker: extract-worker.js beside the bundled server in the build; in the sources (tests,
 * `npm run dev`) a small bootstrap that loads extract-worker.ts through tsx's import API.
 */
function startWorker(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./extract-worker.js', import.meta.url), { resourceLimits });
  }
  const source = new URL('./extract-worker.ts', import.meta.url).href;
  // tsx's ESM entry of its API ("tsx/esm/api", import condition), found from its package.json.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

function workerHandle(options: { maxHeapMb: number; idleMs: number }) {
  let current: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const worker = startWorker(options.maxHeapMb);
    worker.unref();
    worker.once('exit', () => {
      if (current === worker) current = undefined;
    });
    current = worker;
    return worker;
  };

  const stop = async () => {
    clearTimeout(idleTimer);
    const worker = current;
    current = undefined;
    if (worker) await worker.terminate();
  };

  return {
    run(job: ExtractJob, timeoutMs: number): Promise<string> {
      clearTimeout(idleTimer);
      const worker = current ?? start();
      return new Promise<string>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(deadline);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onMessage = (reply: ExtractReply) => {
          if (reply.id !== job.id) return;
          cleanup();
          if ('error' in reply) reject(new Error(reply.error));
          else resolve(reply.text);
        };
        const onError = (error: Error) => {
          cleanup();
          reject(error);
        };
        const onExit = (code: number) => {
          cleanup();
          reject(new Error(`extraction worker exited (${code})`));
        };
        const deadline = setTimeout(() => {
          cleanup();
          if (current === worker) current = undefined;
          void worker.terminate();
          reject(new Error(`extraction took longer than ${timeoutMs} ms`));
        }, timeoutMs);
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
      });
    },
    scheduleStop() {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void stop(), options.idleMs);
      idleTimer.unref();
    },
    stop,
  };
}
