import type { MiddlewareHandler } from 'hono';
import { NOT_FOUND_MESSAGE } from '#shared/contracts/errors';
import { isStorableText, stripUnstorable, UNSTORABLE_TEXT_MESSAGE } from '#shared/contracts/text';
import { AppError } from './app-error';

/**
 * The shared text rule (contracts/text.ts) on the URL of every API request, before any route
 * reads it: a query parameter (name or value) with NUL is refused with a 400, and a path with NUL
 * in it names nothing that exists, so it is a 404 (an id such as /api/materials/a%00b). A URL
 * cannot carry a lone surrogate: its percent-encoded bytes are not UTF-8 and decode to U+FFFD.
 */
export const storableUrl: MiddlewareHandler = async (c, next) => {
  // A NUL can reach a URL only percent-encoded, so almost every request skips the parsing below:
  // this runs on every API request (issue 17's per-request budget).
  if (!ENCODED_NUL.test(c.req.url)) return next();
  const url = new URL(c.req.url);
  if (!isStorableText(decodedPath(url.pathname))) {
    throw new AppError('not_found', NOT_FOUND_MESSAGE);
  }
  for (const [name, value] of url.searchParams) {
    if (!isStorableText(name) || !isStorableText(value)) {
      throw new AppError('invalid_input', UNSTORABLE_TEXT_MESSAGE, {
        [stripUnstorable(name)]: UNSTORABLE_TEXT_MESSAGE,
      });
    }
  }
  await next();
};

const ENCODED_NUL = /%00/i;

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // not valid percent-encoding: no route matches it either
  }
}
