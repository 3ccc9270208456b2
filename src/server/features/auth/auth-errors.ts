import { APIError } from 'better-auth/api';

/** The error code better-auth attached to a failure, or undefined for anything else. */
export function authErrorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Copies better-auth's Set-Cookie headers (a new, renewed or cleared session) onto our reply. */
export function forwardCookies(
  from: Headers | null | undefined,
  to: { header: (name: string, value: string, options?: { append?: boolean }) => void },
) {
  for (const cookie of from?.getSetCookie() ?? [])
    to.header('Set-Cookie', cookie, { append: true });
}
