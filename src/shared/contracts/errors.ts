import { z } from 'zod';

/**
 * The one error shape every API failure has (architecture.md section 3). `message` is the text
 * a person reads; `fields` maps a form field to the message shown next to it.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const NOT_FOUND_MESSAGE = 'Not found.';
export const PAYLOAD_TOO_LARGE_MESSAGE = 'The request is too large.';
