import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { swaggerUI } from '@hono/swagger-ui';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { handleAuthRequest } from './auth/auth.routes.ts';
import { createTokenVerifier, requireUser } from './auth/bearer.ts';
import { errorResponse, handleError, handleNotFound } from './lib/errors.ts';
import { type AppEnv, createRouter, type Deps } from './lib/http.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { customerPlansRoutes } from './modules/customer-plans/customer-plans.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { establishmentsRoutes } from './modules/establishments/establishments.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { postalCodesRoutes } from './modules/postal-codes/postal-codes.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

/**
 * Every API path needs a bearer token except these: secure by default, so a new module cannot be left
 * open by forgetting to list it. better-auth's own paths (/auth/*) use its session cookie instead.
 */
const PUBLIC_PATHS = [
  /^\/health$/,
  /^\/public-config$/,
  /^\/openapi\.json$/,
  /^\/docs$/,
  /^\/invitations\/validate\//,
];
const isPublicPath = (path: string) =>
  PUBLIC_PATHS.some((pattern) => pattern.test(path)) ||
  (path.startsWith('/auth/') && !path.startsWith('/auth/profile/'));

export function createApi(deps: Deps) {
  const api = createRouter();
  api.use('*', requestId(), async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  api.use(
    '*',
    bodyLimit({ maxSize: 1024 * 1024, onError: (c) => errorResponse(c, 413, 'PAYLOAD_TOO_LARGE') }),
  );
  const authenticate = requireUser(createTokenVerifier(deps.auth, deps.env));
  api.use('*', async (c, next) => {
    const path = c.req.path.replace(/^\/api/, '');
    return isPublicPath(path) ? next() : authenticate(c, next);
  });

  const routes = api
    .route('/', healthRoutes)
    .route('/', accessRoutes)
    .route('/', usersRoutes)
    .route('/', organizationsRoutes)
    .route('/', establishmentsRoutes)
    .route('/', staffRoutes)
    .route('/', invitationsRoutes)
    .route('/', customersRoutes)
    .route('/', customerPlansRoutes)
    .route('/', postalCodesRoutes);
  // After our own /auth/profile route, so better-auth only sees its own paths.
  api.on(['GET', 'POST'], '/auth/*', handleAuthRequest);

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'GET /api/auth/token (with the session cookie from /api/auth/sign-in/email) returns it.',
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Reformer API', version: '1.0.0', description: 'Pilates studio management.' },
    servers: [{ url: '/api' }],
  });
  api.get('/docs', swaggerUI({ url: '/api/openapi.json' }));
  api.onError(handleError);
  return routes;
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(deps: Deps, options: { webDistDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.route('/api', createApi(deps));
  // A mounted app's notFound is not consulted, so unknown API paths are answered here, before the web fallback.
  app.all('/api/*', handleNotFound);
  app.onError(handleError);
  if (options.webDistDir) serveWeb(app, options.webDistDir);
  return app;
}

/** The built web app, with history fallback: any other GET answers index.html and the router takes over. */
function serveWeb(app: Hono<AppEnv>, webDistDir: string) {
  const root = relative(process.cwd(), webDistDir) || '.';
  let indexHtml: Promise<string> | null = null;
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', serveStatic({ root }));
  app.get('*', async (c) => {
    indexHtml ??= readFile(join(webDistDir, 'index.html'), 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(await indexHtml);
  });
}
