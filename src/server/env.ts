import { existsSync } from 'node:fs';
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN, FIELD_MAX } from '#shared/limits';

/**
 * The only reader of process.env. Every variable is listed in .env.example with its default.
 * A bad value stops the server at start with one line per variable, naming it.
 */

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' })
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number from 1 to 65535' })
      .int({ error: 'must be a whole number from 1 to 65535' })
      .min(1, { error: 'must be a whole number from 1 to 65535' })
      .max(65_535, { error: 'must be a whole number from 1 to 65535' })
      .default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1, { error: 'must be a folder path' }).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    TRANSLATE_WIDGET: onOff.default(true),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('StarPrep <no-reply@starprep.local>'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, { error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    TRUST_PROXY: onOff.default(false),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S{8,}$/, {
        error: 'must be a Stripe secret key (sk_test_… or sk_live_…)',
      })
      .optional(),
    STRIPE_PRICE_ID: z
      .string()
      .regex(/^price_\S+$/, { error: 'must be a Stripe price id (price_…)' })
      .optional(),
    STRIPE_AUTOMATIC_TAX: onOff.default(false),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S{16,}$/, {
        error: 'must be the whsec_… signing secret of the Stripe endpoint',
      })
      .optional(),
    AI_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OpenAI-compatible API' })
      .optional(),
    // Local servers (Ollama, llama.cpp) take any key; the SDK still wants one.
    AI_API_KEY: z.string().min(1).optional(),
    AI_MODEL: z.string().min(1).max(200).optional(),
    // Uploaded study materials: S3-compatible storage when these are set, else DATA_DIR/uploads.
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an S3-compatible service' })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name' })
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // The region requests are signed for; us-east-1 when unset (MinIO and R2 accept it).
    S3_REGION: z.string().min(1).max(50).optional(),
    // The admin made on first start when it does not exist yet (docs: README, Admin portal).
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).max(100).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(ADMIN_PASSWORD_MIN, { error: `must be at least ${ADMIN_PASSWORD_MIN} characters` })
      .max(FIELD_MAX.password, { error: `must be at most ${FIELD_MAX.password} characters` })
      .optional(),
  })
  .superRefine((env, context) => {
    // One AI variable alone is a half-done setup: say which one is missing instead of ignoring it.
    if (env.AI_BASE_URL && !env.AI_MODEL) {
      context.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'must be set with AI_BASE_URL (the model name the endpoint serves)',
      });
    }
    if (!env.AI_BASE_URL && (env.AI_API_KEY || env.AI_MODEL)) {
      context.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'must be set with AI_API_KEY or AI_MODEL (e.g. https://api.openai.com/v1)',
      });
    }
    // Stripe signs its events with the endpoint's secret; a generated one would refuse them all.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'must be set with STRIPE_SECRET_KEY (the whsec_… secret of the webhook endpoint)',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      const missing = env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other of ADMIN_EMAIL and ADMIN_PASSWORD',
      });
    }
    // Half an S3 setup would silently keep files on this machine: name what is missing.
    const s3Names = [
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ] as const;
    if (s3Names.some((name) => env[name])) {
      for (const name of s3Names) {
        if (!env[name]) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `must be set with the other S3 variables (${s3Names.join(', ')})`,
          });
        }
      }
    }
    if (env.NODE_ENV !== 'production') return;
    const require = (name: keyof typeof env, why: string) => {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: why });
    };
    // A deployment must bring its own secret: a generated one would differ between instances.
    require('AUTH_SECRET', 'must be set in production (at least 32 characters, e.g. openssl rand -hex 32)');
    // Links in mails and the same-origin check need the address students really use.
    require('PUBLIC_URL', 'must be set in production (the address students open, e.g. https://starprep.example.com)');
    // The outbox keeps mails on the server: in production no student would ever get a code.
    require('SMTP_URL', 'must be set in production (the outbox only keeps mails on this machine)');
    // The built-in test checkout accepts a test card: in production it would give access away.
    require('STRIPE_SECRET_KEY', 'must be set in production (the test checkout takes test cards)');
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((problem) => `Invalid configuration: ${problem}`).join('\n'));
  }
}

/** Parses a set of variables; empty strings count as unset so `PORT=` in .env means the default. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    // A connection URL may carry a password, a secret or key is one: never echo them.
    const secret = ['_URL', '_SECRET', '_KEY', '_PASSWORD'].some((suffix) => name.endsWith(suffix));
    const shown = cleaned[name] === undefined || secret ? '' : ` (got "${cleaned[name]}")`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new EnvError(problems);
}

/** Reads .env (when present) into process.env, then validates it. */
export function loadEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseEnv(process.env);
}
