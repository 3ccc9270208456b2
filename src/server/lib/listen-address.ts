import { isIP } from 'node:net';
import type { Env } from '../env';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * The interface to listen on: HOST when set. Otherwise, in production, every interface (a
 * container or a server behind a proxy must be reachable from outside); in development and test
 * only this machine, so the development mailbox and the test checkout are not offered to the
 * local network by accident.
 */
export function listenHost(env: Pick<Env, 'HOST' | 'NODE_ENV'>): string | undefined {
  if (env.HOST) return env.HOST;
  return env.NODE_ENV === 'production' ? undefined : '127.0.0.1';
}

/** The one line a newcomer looks for: the address to open, and who else can reach it. */
export function startLine(host: string | undefined, port: number): string {
  if (host === undefined || EVERY_INTERFACE.has(host)) {
    return `StarPrep is running at http://localhost:${port} (on every network interface)`;
  }
  if (LOOPBACK.has(host)) {
    return (
      `StarPrep is running at http://localhost:${port} ` +
      '(this machine only: set HOST=0.0.0.0 to open it to your network)'
    );
  }
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  return `StarPrep is running at http://${shown}:${port}`;
}
