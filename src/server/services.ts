import type { Redis } from 'ioredis';
import type { Database } from './db/client';
import { type Auth, createAuth } from './features/auth/auth-library';
import { createMailer, type Mailer } from './integrations/mail';
import type { PaymentProvider } from './integrations/payments/payment-provider';
import {
  createStripePaymentProvider,
  type StripeProviderOptions,
} from './integrations/payments/stripe-payment-provider';
import { createTestPaymentProvider } from './integrations/payments/test-payment-provider';
import type { Logger } from './lib/logger';
import type { StudyGenerator } from './features/study/generator';
import { createOfflineGenerator } from './features/study/offline-generator';
import { createOpenAiGenerator, type OpenAiOptions } from './integrations/ai/openai-generator';
import { closeRedis } from './lib/rate-limit/redis';
import { createFileStorage, type FileStorage, type S3StorageOptions } from './integrations/storage';
import { createExtractionQueue, type ExtractionQueue } from './features/materials/extraction-queue';
import { createRateLimits, type RateLimits } from './lib/rate-limit/rate-limiter';

export type ServicesConfig = {
  database: Database;
  logger: Logger;
  publicUrl: string;
  authSecret: string;
  production: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Connected by the caller (lib/rate-limit/redis.ts) when REDIS_URL is set. */
  redis?: Redis;
  /** Stripe Checkout when set; the built-in test checkout otherwise. */
  stripe?: StripeProviderOptions;
  /** Where the outbox prints each mail (the console by default; tests pass a no-op). */
  printMail?: (block: string) => void;
  /** An OpenAI-compatible endpoint when set; the offline generator otherwise. */
  ai?: Omit<OpenAiOptions, 'logger'>;
  /** Prefix of every rate-limit key (tests sharing one Redis use their own). */
  rateLimitNamespace?: string;
  /** Uploaded study materials go under <dataDir>/uploads unless S3 is configured. */
  dataDir?: string;
  /** S3-compatible storage for uploads (S3_ENDPOINT, S3_BUCKET, keys). */
  s3?: S3StorageOptions;
  /** A storage to use instead (tests); without it, and without dataDir or s3, a temporary folder. */
  storage?: FileStorage;
};

/** The outside services the routes use, each picked once at start (decisions.md section 3). */
export type Services = {
  auth: Auth;
  mailer: Mailer;
  rateLimits: RateLimits;
  payments: PaymentProvider;
  /** Makes study items: the configured one, and the offline one it falls back to. */
  generator: StudyGenerator;
  offlineGenerator: StudyGenerator;
  /** Uploaded study materials: local disk or S3-compatible storage. */
  storage: FileStorage;
  /** Reads the text of uploaded PDF and .docx files in a worker thread, after the upload. */
  extraction: ExtractionQueue;
  /** Closes connections the services opened (SMTP pool, Redis); the database is the caller's. */
  close(): Promise<void>;
};

export function createServices(config: ServicesConfig): Services {
  const { database, logger, redis } = config;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    database,
    logger,
    print: config.printMail,
  });
  const rateLimits = createRateLimits({ database, redis, namespace: config.rateLimitNamespace });
  const auth = createAuth({
    database,
    logger,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    production: config.production,
  });
  const payments = config.stripe
    ? createStripePaymentProvider(config.stripe)
    : createTestPaymentProvider({ database, publicUrl: config.publicUrl });
  const offlineGenerator = createOfflineGenerator();
  const generator = config.ai ? createOpenAiGenerator({ ...config.ai, logger }) : offlineGenerator;
  const storage = config.storage ?? createFileStorage({ dataDir: config.dataDir, s3: config.s3 });
  const extraction = createExtractionQueue({ database, storage, logger });
  return {
    auth,
    mailer,
    rateLimits,
    payments,
    generator,
    offlineGenerator,
    storage,
    extraction,
    close: async () => {
      await extraction.close();
      await storage.close();
      await mailer.close();
      if (redis) await closeRedis(redis);
    },
  };
}
