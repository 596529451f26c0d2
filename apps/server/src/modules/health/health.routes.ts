import { createRoute, z } from '@hono/zod-openapi';
import { SERVICE_HEALTH } from '@reformer/domain/health';
import { createRouter } from '../../lib/http.ts';
import { jsonResponse } from '../../lib/openapi.ts';
import { READINESS_STATUSES } from '../../observability/readiness.ts';

const Health = z.enum(SERVICE_HEALTH);
const HealthReport = z.object({
  status: Health,
  services: z.object({ database: Health, email: Health, jobs: Health }),
});

const readHealth = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Operations'],
  responses: {
    200: jsonResponse(HealthReport, 'The database answers'),
    503: jsonResponse(HealthReport, 'The database does not answer'),
  },
});

const Readiness = z.object({ status: z.enum(READINESS_STATUSES) });

const readReadiness = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['Operations'],
  summary: 'Whether to send this instance requests: for the reverse proxy and load balancers',
  responses: {
    200: jsonResponse(Readiness, 'Serving, and its database answers'),
    503: jsonResponse(Readiness, 'Starting, migrating, stopping, or its database does not answer'),
  },
});

const PublicConfig = z.object({
  oidc: z.object({ providerId: z.string(), name: z.string() }).nullable(),
  /** Whether the server can send e-mail (the forgot-password page says what to do when it cannot). */
  email: z.boolean(),
});

const readPublicConfig = createRoute({
  method: 'get',
  path: '/public-config',
  tags: ['Operations'],
  summary: 'What the sign-in screens need to know before anyone signs in',
  responses: { 200: jsonResponse(PublicConfig, 'Public settings') },
});

export const healthRoutes = createRouter()
  .openapi(readHealth, async (c) => {
    const report = await c.get('deps').health();
    return c.json(report, report.services.database === 'healthy' ? 200 : 503);
  })
  .openapi(readReadiness, async (c) => {
    const status = await c.get('deps').readiness.check();
    return c.json({ status }, status === 'ready' ? 200 : 503);
  })
  .openapi(readPublicConfig, (c) => {
    const { env } = c.get('deps');
    const oidc = env.OIDC_DISCOVERY_URL
      ? { providerId: env.OIDC_PROVIDER_ID, name: env.OIDC_PROVIDER_NAME ?? 'OpenID Connect' }
      : null;
    return c.json({ oidc, email: c.get('deps').mailer.isConfigured }, 200);
  });
