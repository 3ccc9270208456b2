import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * One JSON line per event. Secrets are redacted wherever they appear in a logged object, so a
 * future log call that passes headers or a request body cannot leak them.
 */
export const redactedPaths = [
  'password',
  '*.password',
  '*.*.password',
  'newPassword',
  '*.newPassword',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
  'cookie',
  'token',
  '*.token',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      base: undefined,
    },
    destination,
  );
}
