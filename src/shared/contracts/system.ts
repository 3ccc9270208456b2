import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
});
export type Health = z.infer<typeof healthSchema>;

/** Settings the browser needs at start; nothing secret ever goes here. */
export const publicConfigSchema = z.object({
  translateWidget: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
