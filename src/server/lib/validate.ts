import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { findUnstorable, stripUnstorable, UNSTORABLE_TEXT_MESSAGE } from '#shared/contracts/text';
import { AppError } from './app-error';

/**
 * Validates a JSON body with a shared contract schema. A failure leaves as invalid_input with the
 * first message as the form's summary and one message per field, exactly as the form shows them.
 * Then the shared text rule (contracts/text.ts) on the body as it was sent: text PostgreSQL cannot
 * store (in a field, a nested field or a key) is refused, so no route passes it to the database.
 * It comes second so that a field with a rule of its own (a name refusing control characters)
 * keeps that rule's message, which names the field.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('json', schema, async (result, c) => {
    if (!result.success) {
      const fields = fieldErrorsOf(result.error);
      const first = result.error.issues[0]?.message ?? 'The request could not be read.';
      throw new AppError('invalid_input', first, fields);
    }
    // The body as sent: zod may have dropped or changed what the check must see. (Hono keeps
    // the body's text, so this parses it again without reading the request again.)
    const path = findUnstorable(await c.req.json());
    if (path) {
      const field = path.length > 0 ? String(path[0]) : 'form';
      throw new AppError('invalid_input', UNSTORABLE_TEXT_MESSAGE, {
        [stripUnstorable(field)]: UNSTORABLE_TEXT_MESSAGE,
      });
    }
  });
}

/** Validates the query string with a shared schema; a failure is a 400 with the first message. */
export function queryParams<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('query', schema, (result) => {
    if (result.success) return;
    throw new AppError('invalid_input', result.error.issues[0]?.message ?? 'Bad query.');
  });
}
