import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes spool files older than `olderThanMs`: uploads a stop or a crash interrupted (a request
 * always removes its own). Returns how many went.
 */
export async function removeStaleSpoolFiles(folder: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith('.part'))) {
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** How many leading bytes are kept for the signature checks (a PDF header may sit in the first KB). */
const HEAD_BYTES = 1024;

export class TooLargeError extends Error {
  constructor() {
    super('upload larger than the limit');
    this.name = 'TooLargeError';
  }
}

export class InterruptedError extends Error {
  constructor(cause: unknown) {
    super('upload interrupted', { cause });
    this.name = 'InterruptedError';
  }
}

export type Spooled = {
  path: string;
  size: number;
  /** The first bytes, for the signature checks. */
  head: Buffer;
  /** With `decodeText`: the text (up to `maxTextChars`) when every byte was valid UTF-8. */
  text?: { valid: boolean; value: string };
};

/**
 * Writes a request body to a new file in `folder`, counting as it goes: at `maxBytes` + 1 it stops
 * reading, cancels the stream and throws TooLargeError, so an oversized body is never held whole
 * (in memory or on disk). With `decodeText`, the bytes also pass through a strict UTF-8 decoder
 * chunk by chunk. The file is removed on any failure; on success the caller removes it.
 */
export async function spoolBody(
  body: ReadableStream<Uint8Array> | null,
  folder: string,
  options: { maxBytes: number; decodeText?: boolean; maxTextChars?: number },
): Promise<Spooled> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.part`);
  const file = await open(path, 'wx', 0o600);
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const decoder = options.decodeText ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  let textValid = Boolean(decoder);
  let text = '';
  const maxChars = options.maxTextChars ?? Number.POSITIVE_INFINITY;
  const decode = (chunk: Uint8Array | undefined) => {
    if (!decoder || !textValid) return;
    try {
      const part = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
      if (text.length < maxChars) text += part.slice(0, maxChars - text.length);
    } catch {
      textValid = false;
    }
  };

  const reader = body?.getReader();
  try {
    if (reader) {
      for (;;) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          throw new InterruptedError(error);
        }
        if (next.done) break;
        const chunk = next.value;
        size += chunk.byteLength;
        if (size > options.maxBytes) {
          await reader.cancel().catch(() => {});
          throw new TooLargeError();
        }
        if (headLength < HEAD_BYTES) {
          const part = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          const kept = part.subarray(0, HEAD_BYTES - headLength);
          headParts.push(Buffer.from(kept));
          headLength += kept.length;
        }
        decode(chunk);
        await file.write(chunk);
      }
    }
    decode(undefined);
    await file.close();
    return {
      path,
      size,
      head: Buffer.concat(headParts),
      ...(decoder && { text: { valid: textValid, value: text } }),
    };
  } catch (error) {
    await file.close().catch(() => {});
    await rm(path, { force: true });
    throw error;
  }
}
