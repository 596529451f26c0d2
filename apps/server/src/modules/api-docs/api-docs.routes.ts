import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/http.ts';

/**
 * The browsable API reference at /api/docs: Swagger UI from the swagger-ui-dist npm package, served by us
 * (no CDN script without integrity, and it runs under our Content-Security-Policy: no inline script).
 */
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Reformer API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>`;

const start = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`;

export const apiDocsRoutes = new Hono<AppEnv>()
  .get('/docs', (c) => c.html(page))
  .get('/docs/start.js', (c) => c.body(start, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
  .use(
    '/docs/assets/*',
    serveStatic({
      root: relative(process.cwd(), swaggerUiDir) || '.',
      rewriteRequestPath: (path) => path.replace(/^\/api\/docs\/assets/, ''),
    }),
  );
