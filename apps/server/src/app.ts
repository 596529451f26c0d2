import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { portalPageAt } from '@reformer/domain/portal-pages';
import {
  acceptedLanguages,
  type Language,
  PREFERENCE_KEYS,
  parseLanguage,
  preferredLanguage,
} from '@reformer/domain/preferences';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import { handleAuthRequest } from './auth/auth.routes.ts';
import { createTokenVerifier, requireUser } from './auth/bearer.ts';
import { appRouteMatcher } from './lib/app-routes.ts';
import { errorResponse, handleError, handleNotFound } from './lib/errors.ts';
import { type AppEnv, createRouter, type Deps } from './lib/http.ts';
import { idempotency } from './lib/idempotency.ts';
import { isTokenLinkPage, TOKEN_LINK_HEADERS } from './lib/no-store.ts';
import { inlineScriptHashes, securityHeaders } from './lib/security-headers.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { churnRiskRoutes } from './modules/churn-risk/churn-risk.routes.ts';
import { classLinksRoutes } from './modules/class-links/class-links.routes.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { contractsPortalRoutes } from './modules/contracts/contracts-portal.routes.ts';
import { customerPlansRoutes } from './modules/customer-plans/customer-plans.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { customerImportRoutes } from './modules/customers/import/customer-import.routes.ts';
import { importUploadLimit, isImportUpload } from './modules/customers/import/upload-limit.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { enrollmentsRoutes } from './modules/enrollments/enrollments.routes.ts';
import { establishmentsRoutes } from './modules/establishments/establishments.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { healthQuestionnaireRoutes } from './modules/health-questionnaire/health-questionnaire.routes.ts';
import { portalHealthQuestionnaireRoutes } from './modules/health-questionnaire/portal-health-questionnaire.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { makeUpCreditsRoutes } from './modules/make-up-credits/make-up-credits.routes.ts';
import { medicalRecordsRoutes } from './modules/medical-records/medical-records.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { pixAutomaticoRoutes } from './modules/pix-automatico/pix-automatico.routes.ts';
import { pixChargesRoutes } from './modules/pix-charges/pix-charges.routes.ts';
import { pixPspRoutes } from './modules/pix-psp/pix-psp.routes.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { portalBrandingRoutes } from './modules/portal/portal-branding.routes.ts';
import { portalPaymentsRoutes } from './modules/portal/portal-payments.routes.ts';
import { calendarFeedRoutes } from './modules/portal-profile/calendar-feed.routes.ts';
import { portalProfileRoutes } from './modules/portal-profile/portal-profile.routes.ts';
import { postalCodesRoutes } from './modules/postal-codes/postal-codes.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { publicStudioRoutes } from './modules/studio-pages/public-studio.routes.ts';
import { studioPagesRoutes } from './modules/studio-pages/studio-pages.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { waitlistOffersRoutes } from './modules/waitlist/waitlist-offers.routes.ts';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes.ts';
import { whatsappCostsRoutes } from './modules/whatsapp/whatsapp-costs.routes.ts';
import { whatsappWebhooksRoutes } from './modules/whatsapp/whatsapp-webhooks.routes.ts';
import { metricsBehindToken } from './observability/metrics-endpoint.ts';
import { observeRequests } from './observability/request-observer.ts';

/**
 * Every API path needs a bearer token except these: secure by default, so a new module cannot be left
 * open by forgetting to list it. better-auth's own paths (/auth/*) use its session cookie instead.
 */
const PUBLIC_PATHS = [
  /^\/health(\/ready)?$/,
  /^\/public-config$/,
  /^\/openapi\.json$/,
  /^\/docs(\/|$)/,
  /^\/invitations\/validate\//,
  // A waitlist offer's page and its answers: the link's token is the key (decision 024).
  /^\/waitlist-offers\/[^/]+(\/accept|\/decline)?$/,
  // The customer portal: its own session cookie is the key, never a bearer token (decision 039).
  /^\/portal\//,
  // The PSP's webhooks (Pix, and Pix Automático's recurrences and recurring charges): the secret in the path is
  // the proof (decisions 030, 048).
  /^\/pix-webhooks\/[^/]+\/[^/]+(\/pix|\/rec|\/cobr)?$/,
  // Meta's WhatsApp webhooks: the secret in the path, then each delivery's signature (decision 049).
  /^\/whatsapp-webhooks\/[^/]+\/[^/]+$/,
  // A studio's public page, its logos and its trial bookings: public by the studio's choice (decision 045).
  /^\/public\/(studios|logos)\//,
];
const isPublicPath = (path: string) =>
  PUBLIC_PATHS.some((pattern) => pattern.test(path)) ||
  (path.startsWith('/auth/') && !path.startsWith('/auth/profile/'));

export function createApi(deps: Deps) {
  const api = createRouter();
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // Only where a body is read: the check turns Node's request into a full fetch Request, which a GET
  // (most requests, none reading a body) would pay for on every call.
  const jsonBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => errorResponse(c, 413, 'PAYLOAD_TOO_LARGE'),
  });
  api.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', (c, next) =>
    isImportUpload(c.req.path) ? importUploadLimit(c, next) : jsonBodyLimit(c, next),
  );
  const authenticate = requireUser(createTokenVerifier(deps.auth, deps.env));
  api.use('*', async (c, next) => {
    const path = c.req.path.replace(/^\/api/, '');
    return isPublicPath(path) ? next() : authenticate(c, next);
  });
  // After authentication: keys belong to the signed-in user (public and better-auth paths have none).
  api.on('POST', '*', idempotency);

  const routes = api
    .route('/', healthRoutes)
    .route('/', accessRoutes)
    .route('/', usersRoutes)
    .route('/', organizationsRoutes)
    .route('/', dashboardRoutes)
    .route('/', churnRiskRoutes)
    .route('/', establishmentsRoutes)
    .route('/', staffRoutes)
    .route('/', invitationsRoutes)
    .route('/', customerImportRoutes)
    .route('/', customersRoutes)
    .route('/', customerPlansRoutes)
    .route('/', schedulesRoutes)
    .route('/', sessionsRoutes)
    .route('/', makeUpCreditsRoutes)
    .route('/', waitlistRoutes)
    .route('/', waitlistOffersRoutes)
    .route('/', classLinksRoutes)
    .route('/', portalRoutes)
    .route('/', portalPaymentsRoutes)
    .route('/', portalHealthQuestionnaireRoutes)
    .route('/', healthQuestionnaireRoutes)
    .route('/', portalProfileRoutes)
    .route('/', calendarFeedRoutes)
    .route('/', portalBrandingRoutes)
    .route('/', studioPagesRoutes)
    .route('/', publicStudioRoutes)
    .route('/', contractsPortalRoutes)
    .route('/', contractsRoutes)
    .route('/', enrollmentsRoutes)
    .route('/', purchasesRoutes)
    .route('/', paymentsRoutes)
    .route('/', pixPspRoutes)
    .route('/', pixChargesRoutes)
    .route('/', whatsappRoutes)
    .route('/', whatsappCostsRoutes)
    .route('/', whatsappWebhooksRoutes)
    .route('/', pixAutomaticoRoutes)
    .route('/', medicalRecordsRoutes)
    .route('/', exportsRoutes)
    .route('/', eventsRoutes)
    .route('/', postalCodesRoutes)
    .route('/', backupsRoutes);
  // After our own /auth/profile route, so better-auth only sees its own paths.
  api.on(['GET', 'POST'], '/auth/*', handleAuthRequest);

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'GET /api/auth/token (with the session cookie from /api/auth/sign-in/email) returns it.',
  });
  // Built on the first request and kept: the routes do not change while the server runs, and building the
  // 420 KB document took 65–75 ms of the server's thread on every request.
  let openApiDocument: string | undefined;
  api.get('/openapi.json', (c) => {
    openApiDocument ??= JSON.stringify(
      api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: 'Reformer API', version: '1.0.0', description: 'Pilates studio management.' },
        servers: [{ url: '/api' }],
      }),
    );
    return c.body(openApiDocument, 200, { 'content-type': 'application/json' });
  });
  api.route('/', apiDocsRoutes);
  // No onError here: the app's own (createApp) answers an API route's error at the same place, and an
  // error handler on a mounted app makes Hono wrap each of its handlers — every middleware and route of the
  // API — in a composition of its own on every request (some 8 KB and a few µs a request, decision 018).
  return routes;
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(deps: Deps, options: { webDistDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.use('*', ...observeRequests({ logger: deps.logger, isStopping: deps.readiness.isStopping }));
  app.use(
    '*',
    securityHeaders({ publicUrl: deps.publicUrl, scriptHashes: inlineScriptHashes(options.webDistDir) }),
  );
  if (deps.env.METRICS_TOKEN) app.get('/metrics', metricsBehindToken(deps.env.METRICS_TOKEN));
  app.route('/api', createApi(deps));
  // A mounted app's notFound is not consulted, so unknown API paths are answered here, before the web fallback.
  app.all('/api/*', handleNotFound);
  app.onError(handleError);
  if (options.webDistDir) serveWeb(app, options.webDistDir);
  return app;
}

/** `/` → index.html, `/about` → about.html: the file a pre-rendered public page is built to (apps/web/src/public-site/pages.ts). */
function prerenderedFile(path: string): string | null {
  const name = path.match(/^\/([a-z0-9-]*)$/)?.[1];
  if (name === undefined) return null;
  return `${name || 'index'}.html`;
}

/** The pre-rendered pages of one language by file name; none when the build has none. */
async function readPrerenderedPages(folder: string): Promise<Map<string, string>> {
  const files = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const htmlFiles = files.filter((file) => file.endsWith('.html'));
  const contents = await Promise.all(htmlFiles.map((file) => readFile(join(folder, file), 'utf8')));
  return new Map(htmlFiles.map((file, index) => [file, contents[index] ?? '']));
}

/** The visitor's choice, else what their browser asks for (a first visit in Portuguese is in Portuguese). */
function visitorLanguage(c: Context<AppEnv>): Language {
  const chosen = getCookie(c, PREFERENCE_KEYS.language);
  return chosen
    ? parseLanguage(chosen)
    : preferredLanguage(acceptedLanguages(c.req.header('accept-language')));
}

/**
 * The built web app. `/`, `/about` and `/privacy-policy` are pre-rendered per language (apps/web
 * scripts/build.mjs): the visitor's language cookie, set by the web app's language switch, picks the file, so
 * the page arrives in their language with no flash (default en_US). Any other GET answers the app's
 * index.html (history fallback) and its router takes over.
 *
 * Compression: hono's `compress()` (gzip on the fly) over everything served here — one mechanism for the
 * pre-rendered and app HTML and the assets, nothing to keep in step at build time; the assets are immutable
 * and cached for a year by browsers (and any CDN in front), so each is compressed rarely. The API routes,
 * registered before, answer before this middleware is reached.
 */
function serveWeb(app: Hono<AppEnv>, webDistDir: string) {
  const root = relative(process.cwd(), webDistDir) || '.';
  let indexHtml: Promise<string> | null = null;
  // Read once, like index.html: the build is immutable while the server runs. Only files that exist are
  // kept, so requests for arbitrary paths cannot grow this cache.
  const prerendered = new Map<Language, Promise<Map<string, string>>>();
  const readPrerendered = (language: Language) => {
    let pages = prerendered.get(language);
    if (!pages) {
      pages = readPrerenderedPages(join(webDistDir, 'prerendered', language));
      prerendered.set(language, pages);
    }
    return pages;
  };

  app.use('*', compress());
  // Set after serveStatic has answered: its `onFound` hook runs once the response is built, too late for a
  // header to reach it.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root }));
  // A missing asset (a page of an older build) is a 404, never the app's HTML under a year-long cache.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // The customer portal is an entry of its own (apps/web/portal.html), its first state pre-rendered per
  // language, which answers every path under /portal: its pages, and its own not-found for the rest.
  app.get('*', async (c, next) => {
    if (!/^\/portal(\/|$)/.test(c.req.path)) return next();
    const shell = (await readPrerendered(visitorLanguage(c))).get('portal.html');
    if (shell === undefined) return next();
    for (const [name, value] of Object.entries(TOKEN_LINK_HEADERS)) c.header(name, value);
    c.header('Vary', 'Cookie, Accept-Language');
    return c.html(shell, portalPageAt(c.req.path) ? 200 : 404);
  });
  app.get('*', async (c, next) => {
    const file = prerenderedFile(c.req.path);
    if (!file) return next();
    const page = (await readPrerendered(visitorLanguage(c))).get(file);
    if (page === undefined) return next();
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Cookie, Accept-Language');
    return c.html(page);
  });
  app.use('*', serveStatic({ root }));
  const isAppRoute = appRouteMatcher(webDistDir);
  app.get('*', async (c) => {
    indexHtml ??= readFile(join(webDistDir, 'index.html'), 'utf8');
    if (isTokenLinkPage(c.req.path)) {
      for (const [name, value] of Object.entries(TOKEN_LINK_HEADERS)) c.header(name, value);
    } else c.header('Cache-Control', 'no-cache');
    return c.html(await indexHtml, isAppRoute(c.req.path) ? 200 : 404);
  });
}
