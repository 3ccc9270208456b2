import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyTakenError, ObjectNotFoundError } from './file-storage';
import { createS3Storage } from './s3-storage';

/**
 * The S3 adapter against a small local stand-in for S3 that checks what S3 checks: an AWS
 * Signature V4 computed here independently (canonical request, signing key, signature), the
 * payload hash against the body, path-style bucket/key, and If-None-Match: * on puts.
 * A real S3 or MinIO is not available offline; this proves the requests, not the service.
 */
const ACCESS_KEY = 'AKIDEXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const REGION = 'eu-central-1';
const BUCKET = 'study-materials';

const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
const seen: { method: string; path: string; signatureValid: boolean }[] = [];
let server: Server;
let endpoint: string;
let spool: string;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** Verifies the Authorization header as S3 does, from the request as received. */
function signatureValid(request: IncomingMessage, body: Buffer): boolean {
  const auth = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return false;
  const [, accessKey, date, region, signedHeaders, signature] = match;
  if (accessKey !== ACCESS_KEY || region !== REGION) return false;
  const payloadHash = String(request.headers['x-amz-content-sha256']);
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false;
  const amzDate = String(request.headers['x-amz-date']);
  const url = new URL(request.url!, 'http://placeholder');
  const canonicalHeaders = signedHeaders!
    .split(';')
    .map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    url.search.slice(1),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date!), region!), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const valid = signatureValid(request, body);
      const path = decodeURIComponent(new URL(request.url!, 'http://x').pathname);
      seen.push({ method: request.method!, path, signatureValid: valid });
      if (!valid) return void response.writeHead(403).end('<Error>SignatureDoesNotMatch</Error>');
      const prefix = `/${BUCKET}/`;
      if (!path.startsWith(prefix)) return void response.writeHead(404).end();
      const key = path.slice(prefix.length);
      if (request.method === 'PUT') {
        if (request.headers['if-none-match'] === '*' && objects.has(key)) {
          return void response.writeHead(412).end('<Error>PreconditionFailed</Error>');
        }
        objects.set(key, {
          body,
          contentType: String(request.headers['content-type']),
          cacheControl: String(request.headers['cache-control']),
        });
        return void response.writeHead(200).end();
      }
      if (request.method === 'GET') {
        const stored = objects.get(key);
        if (!stored) return void response.writeHead(404).end('<Error>NoSuchKey</Error>');
        return void response
          .writeHead(200, { 'Content-Type': stored.contentType })
          .end(stored.body);
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return void response.writeHead(204).end();
      }
      response.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  spool = mkdtempSync(join(tmpdir(), 'starprep-s3-test-'));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(spool, { recursive: true, force: true });
});

const storage = () =>
  createS3Storage(
    {
      endpoint,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      region: REGION,
    },
    spool,
  );

describe('S3-compatible storage', () => {
  it('puts, reads and removes an object with signed, path-style requests', async () => {
    const file = join(spool, 'upload.part');
    writeFileSync(file, '%PDF-1.4 pretend');
    const s3 = storage();
    const key = 'user-1/1700000000000_Übersicht_v2.pdf';
    await s3.putFile(key, file, 'application/pdf');
    expect(objects.get(key)).toMatchObject({
      contentType: 'application/pdf',
      cacheControl: 'max-age=3600',
    });
    expect((await s3.read(key)).toString()).toBe('%PDF-1.4 pretend');
    await s3.remove(key);
    await expect(s3.read(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await s3.remove(key); // a missing key is not an error
    expect(seen.every((request) => request.signatureValid)).toBe(true);
    expect(seen.map((request) => request.method)).toEqual([
      'PUT',
      'GET',
      'DELETE',
      'GET',
      'DELETE',
    ]);
  });

  it('never overwrites a key', async () => {
    const file = join(spool, 'again.part');
    writeFileSync(file, 'first');
    const s3 = storage();
    await s3.putFile('user-1/1_a.txt', file, 'text/plain');
    writeFileSync(file, 'second');
    await expect(s3.putFile('user-1/1_a.txt', file, 'text/plain')).rejects.toBeInstanceOf(
      KeyTakenError,
    );
    expect(objects.get('user-1/1_a.txt')!.body.toString()).toBe('first');
  });

  it('reports a refused request without the service’s answer or the keys', async () => {
    const file = join(spool, 'bad.part');
    writeFileSync(file, 'x');
    const wrongSecret = createS3Storage(
      {
        endpoint,
        bucket: BUCKET,
        accessKeyId: ACCESS_KEY,
        secretAccessKey: 'wrong',
        region: REGION,
      },
      spool,
    );
    const failure = await wrongSecret.putFile('user-1/2_b.txt', file, 'text/plain').catch((e) => e);
    expect(String(failure)).toBe('Error: S3 PUT failed with HTTP 403');
  });

  it('refuses unsafe keys before any request', async () => {
    const s3 = storage();
    await expect(s3.read('../etc/passwd')).rejects.toThrow('unsafe storage key');
    await expect(s3.read('user//x')).rejects.toThrow('unsafe storage key');
  });
});
