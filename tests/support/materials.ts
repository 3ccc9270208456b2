import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudyMaterial } from '../../src/shared/contracts/materials';
import { TEST_ORIGIN } from './test-app';

type AppLike = {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
};

export const materialFixtures = join(import.meta.dirname, '../fixtures/materials');
export const readFixture = (name: string) => readFileSync(join(materialFixtures, name));

/** A file upload as the upload page sends it: the body is the file, its name in X-File-Name. */
export function uploadFile(
  app: AppLike,
  cookie: string,
  name: string | undefined,
  body: Uint8Array | ReadableStream<Uint8Array> | null,
  headers: Record<string, string> = {},
) {
  return app.request('/api/materials/files', {
    method: 'POST',
    body: body as BodyInit | null,
    // A stream body needs duplex: 'half' (fetch's rule for request streams).
    ...(body instanceof ReadableStream && { duplex: 'half' }),
    headers: {
      Cookie: cookie,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/octet-stream',
      ...(name !== undefined && { 'X-File-Name': encodeURIComponent(name) }),
      ...headers,
    },
  } as RequestInit);
}

/** Polls a material until its text extraction has finished (or the time runs out). */
export async function settledMaterial(
  app: AppLike,
  cookie: string,
  id: string,
  timeoutMs = 30_000,
): Promise<StudyMaterial> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.request(`/api/materials/${id}`, { headers: { Cookie: cookie } });
    const material = (await response.json()) as StudyMaterial;
    if (material.extractionStatus !== 'pending' || Date.now() > deadline) return material;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
