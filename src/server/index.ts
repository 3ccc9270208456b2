import { serve } from '@hono/node-server';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createApp } from './app';
import { createFirstStartAdmin } from './features/admin/first-start-admin';
import { openDatabase } from './db/client';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { EnvError, loadEnv } from './env';
import { resolveLocalSecret } from './lib/local-secret';
import { describeForLog } from './lib/errors';
import { listenHost, startLine } from './lib/listen-address';
import { createLogger } from './lib/logger';
import { connectRedis } from './lib/rate-limit/redis';
import { createServices } from './services';
import { startUnconfirmedSignupSweep } from './features/registration/unconfirmed-signup-sweep';
import { clientBuildFolder } from './lib/paths';
import { hasClientBuild } from './lib/spa';

/** Starts StarPrep: configuration, the migrated database, then HTTP; stops gracefully. */
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  let database;
  try {
    database = await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      firstStartAdmin: true,
      onIdleClientError: (error) =>
        logger.warn({ err: describeForLog(error) }, 'an idle database connection failed; replaced'),
    });
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    console.error(`StarPrep could not start: ${error.message}`);
    process.exit(1);
  }
  logger.info({ driver: database.driver }, 'database ready');

  const production = env.NODE_ENV === 'production';
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const redis = env.REDIS_URL
    ? await connectRedis(env.REDIS_URL, {
        onError: (error) =>
          logger.warn({ err: describeForLog(error) }, 'Redis connection error (rate limits)'),
      })
    : undefined;
  const services = createServices({
    database,
    logger,
    publicUrl,
    authSecret: resolveLocalSecret(env.AUTH_SECRET, env.DATA_DIR, 'auth-secret'),
    production,
    smtpUrl: env.SMTP_URL,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          priceId: env.STRIPE_PRICE_ID,
          automaticTax: env.STRIPE_AUTOMATIC_TAX,
        }
      : undefined,
    mailFrom: env.MAIL_FROM,
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY ?? 'none', model: env.AI_MODEL }
        : undefined,
    redis,
    dataDir: env.DATA_DIR,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            region: env.S3_REGION ?? 'us-east-1',
          }
        : undefined,
  });
  logger.info(
    {
      mail: services.mailer.kind,
      payments: services.payments.kind,
      rateLimits: redis ? 'redis' : 'database',
    },
    'services ready',
  );

  // On the embedded database the prepare step made it (src/server/db/prepare-pglite.ts).
  if (database.driver === 'postgres') {
    await createFirstStartAdmin({ auth: services.auth, database }, env, production);
  }

  const signupSweep = startUnconfirmedSignupSweep({ database, logger });

  const clientFolder = hasClientBuild(clientBuildFolder) ? clientBuildFolder : undefined;
  if (!clientFolder) logger.warn('no client build in dist/client: serving the API only');

  const app = createApp({
    database,
    logger,
    services,
    translateWidget: env.TRANSLATE_WIDGET,
    production,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    webhookSecret: resolveLocalSecret(env.STRIPE_WEBHOOK_SECRET, env.DATA_DIR, 'webhook-secret'),
    clientFolder,
    avatarFolder: join(env.DATA_DIR, 'avatars'),
  });

  const hostname = listenHost(env);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname }, () => {
    logger.info({ host: hostname ?? 'every interface', port: env.PORT }, 'listening');
    // Plain on the console, for the person who started it.
    console.log(startLine(hostname, env.PORT));
    void services.generator.checkConnection?.();
    // Uploads whose text was still being read when the server last stopped.
    void services.extraction
      .resumePending()
      .catch((error: unknown) =>
        logger.warn({ err: describeForLog(error) }, 'could not resume text extraction'),
      );
  });

  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `port ${env.PORT} is already in use (set PORT to another)`
        : error.message;
    console.error(`StarPrep could not start: ${reason}`);
    void signupSweep
      .stop()
      .then(() => services.close())
      .then(() => database.close())
      .finally(() => process.exit(1));
  });

  let stopping = false;
  // While stopping, every answer tells its client to close the connection (before the app's
  // handler runs, so it is in the headers), so keep-alive clients stop sending new requests on
  // it and the drain ends once the requests in flight are answered, not at the 10 s deadline.
  server.prependListener('request', (_request: unknown, response: ServerResponse) => {
    if (stopping) response.setHeader('Connection', 'close');
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request still running after 10 s is abandoned so the process cannot hang forever.
    const deadline = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing anyway');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 10_000);
    deadline.unref();
    server.close(async () => {
      await signupSweep.stop();
      await services.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('StarPrep could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
