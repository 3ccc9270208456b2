import { Hono } from 'hono';
import type { Database } from './db/client';
import { adminRoutes } from './features/admin/admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { configRoutes } from './features/config/config.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { devMailboxAllowed, devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { devToolsRoutes } from './features/dev-tools/dev-tools.routes';
import { healthRoutes } from './features/health/health.routes';
import { MATERIAL_FILE_UPLOAD_PATH, materialsRoutes } from './features/materials/materials.routes';
import { createDiskAvatarStore } from './features/profile/avatar-store';
import { AVATAR_UPLOAD_PATH, profileRoutes } from './features/profile/profile.routes';
import { registrationRoutes } from './features/registration/registration.routes';
import { studyRoutes } from './features/study/study.routes';
import { apiBodyLimit } from './lib/api-body-limit';
import { compression } from './lib/compression';
import { contentSecurityPolicy } from './lib/content-security-policy';
import { apiNotFound, errorHandler } from './lib/errors';
import { forwardedForWarning } from './lib/forwarded-for-warning';
import type { Logger } from './lib/logger';
import { requestLog } from './lib/request-log';
import { sameOriginOnly } from './lib/same-origin';
import { securityHeaderList, securityHeaders } from './lib/security-headers';
import { spaRoutes } from './lib/spa';
import { storableUrl } from './lib/storable-url';
import type { Services } from './services';

/** JSON bodies above this are refused before they are read; upload routes set their own. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

export type AppOptions = {
  database: Database;
  logger: Logger;
  services: Services;
  translateWidget: boolean;
  production: boolean;
  /** The address students use; the only origin allowed to change state (besides the host's). */
  publicUrl: string;
  /** Read the client's address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Signs payment events: Stripe's endpoint secret, or the local one of the test checkout. */
  webhookSecret: string;
  /** The built client (dist/client); the API alone is served without it. */
  clientFolder?: string;
  /** Where avatars are stored (DATA_DIR/avatars); without it, avatar uploads answer 503. */
  avatarFolder?: string;
};

/** The whole HTTP application, shared by the server (index.ts) and the tests (app.request). */
export function createApp(options: AppOptions) {
  const { database, logger, services } = options;
  const deps = {
    database,
    logger,
    auth: services.auth,
    rateLimits: services.rateLimits,
    mailer: services.mailer,
    publicUrl: options.publicUrl,
  };

  /** Upload routes that count their own, larger body limit while reading. */
  const ownBodyLimit = new Set<string>([AVATAR_UPLOAD_PATH, MATERIAL_FILE_UPLOAD_PATH]);

  const api = new Hono()
    .use(storableUrl)
    .use(sameOriginOnly(options.publicUrl))
    .use(apiBodyLimit(API_BODY_LIMIT_BYTES, ownBodyLimit))
    .route('/health', healthRoutes(database))
    .route('/config', configRoutes({ translateWidget: options.translateWidget }))
    .route('/auth', authRoutes({ ...deps, trustProxy: options.trustProxy }))
    .route('/admin', adminRoutes({ ...deps, trustProxy: options.trustProxy }))
    .route('/registration', registrationRoutes({ ...deps, trustProxy: options.trustProxy }))
    .route(
      '/billing',
      billingRoutes({
        database,
        logger,
        auth: services.auth,
        payments: services.payments,
        publicUrl: options.publicUrl,
        webhookSecret: options.webhookSecret,
      }),
    )
    .route(
      '/dashboard',
      dashboardRoutes({ auth: services.auth, database, rateLimits: services.rateLimits }),
    )
    .route(
      '/materials',
      materialsRoutes({
        database,
        logger,
        auth: services.auth,
        storage: services.storage,
        extraction: services.extraction,
      }),
    )
    .route(
      '/profile',
      profileRoutes({
        database,
        logger,
        auth: services.auth,
        avatars: options.avatarFolder ? createDiskAvatarStore(options.avatarFolder) : undefined,
      }),
    )
    .route(
      '/study',
      studyRoutes({
        database,
        logger,
        auth: services.auth,
        rateLimits: services.rateLimits,
        generator: services.generator,
        offline: services.offlineGenerator,
      }),
    );
  // The development mailbox shows the outbox's mails; a deployment never serves it.
  const devMailbox = devMailboxAllowed({
    production: options.production,
    mailerKind: services.mailer.kind,
    publicUrl: options.publicUrl,
  });
  if (devMailbox) {
    api.route('/dev/mailbox', devMailboxRoutes(database));
    api.route('/dev/tools', devToolsRoutes({ auth: services.auth, database }));
  }

  const app = new Hono()
    .use(requestLog(logger))
    .use(forwardedForWarning({ trustProxy: options.trustProxy, logger }))
    // Compresses HTML and JSON from 1 KB on; static assets arrive already compressed.
    .use(compression())
    .use(
      securityHeaders(
        securityHeaderList({
          contentSecurityPolicy: contentSecurityPolicy({
            translateWidget: options.translateWidget,
          }),
          strictTransportSecurity: options.production
            ? 'max-age=31536000; includeSubDomains'
            : false,
        }),
      ),
    )
    .route('/api', api)
    // Any other /api path (including /api itself) is a JSON 404, never the app's HTML.
    .all('/api', apiNotFound)
    .all('/api/*', apiNotFound);
  app.onError(errorHandler(logger));
  app.notFound(apiNotFound);
  if (options.clientFolder) {
    app.route('/', spaRoutes(options.clientFolder, { production: options.production }));
  }
  return app;
}

export type AppType = ReturnType<typeof createApp>;
