import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { findUnstorable, UNSTORABLE_TEXT_MESSAGE } from '#shared/contracts/text';
import { AppError } from './app-error';

/**
 * Validates a JSON body with a shared contract schema. A failure leaves as invalid_input with the
 * first message as the form's summary and one message per field, exactly as the form shows them.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('json', storable(schema), (result) => {
    if (result.success) return;
    const fields = fieldErrorsOf(result.error);
    const first = result.error.issues[0]?.message ?? 'The request could not be read.';
    throw new AppError('invalid_input', first, fields);
  });
}

/** Validates the query string with a shared schema; a failure is a 400 with the first message. */
export function queryParams<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('query', schema, (result) => {
    if (result.success) return;
    throw new AppError('invalid_input', result.error.issues[0]?.message ?? 'Bad query.');
  });
}

/**
 * The schema behind the shared text rule (contracts/text.ts): any text in the body that
 * PostgreSQL cannot store (a field, a nested field or a key) is refused before the contract's own
 * rules run, so no route can pass it on to the database. The type stays the contract's, which is
 * what the route and the typed client see.
 */
function storable<Schema extends z.ZodType>(schema: Schema): Schema {
  return z
    .unknown()
    .superRefine((value, context) => {
      const path = findUnstorable(value);
      if (path) context.addIssue({ code: 'custom', message: UNSTORABLE_TEXT_MESSAGE, path });
    })
    .pipe(schema as z.ZodType) as unknown as Schema;
}
