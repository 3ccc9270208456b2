import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { isLivePage } from '#shared/routes';

/**
 * Serves the built single-page app. Files under /assets/ carry a content hash in their name, so
 * they are cached for a year; everything else is revalidated. Any other GET falls back to
 * index.html, with status 404 when the path is not a page of the route table.
 */
export function spaRoutes(clientFolder: string, { production = false } = {}) {
  const indexHtml = readFileSync(join(clientFolder, 'index.html'), 'utf8');
  // The landing page, rendered at build time (scripts/prerender.mjs), when the build has it.
  const prerenderedHome = join(clientFolder, 'index.prerendered.html');
  const homeHtml = existsSync(prerenderedHome) ? readFileSync(prerenderedHome, 'utf8') : indexHtml;
  const app = new Hono();

  // The cache header is set before serveStatic answers; when no file matches, the fallback
  // below replaces it.
  app.use('*', async (c, next) => {
    const hashed = c.req.path.startsWith('/assets/');
    c.header(
      'Cache-Control',
      hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    );
    await next();
  });
  app.use(
    '*',
    serveStatic({
      root: clientFolder,
      // The build writes .br and .gz beside each text asset (scripts/precompress.mjs).
      precompressed: true,
      // index.html is answered by the fallback, which sets the page's status and cache header.
      rewriteRequestPath: (path) => (path === '/' || path.startsWith('/index.') ? '/.none' : path),
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    // A missing hashed asset is a real 404, not the app's HTML.
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    if (c.req.path === '/') return c.html(homeHtml, 200);
    return c.html(indexHtml, isLivePage(c.req.path, { production }) ? 200 : 404);
  });
  return app;
}

export function hasClientBuild(clientFolder: string): boolean {
  return existsSync(join(clientFolder, 'index.html'));
}
