import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { AppError } from './app-error';

/**
 * Validates a JSON body with a shared contract schema. A failure leaves as invalid_input with the
 * first message as the form's summary and one message per field, exactly as the form shows them.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('json', schema, (result) => {
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
