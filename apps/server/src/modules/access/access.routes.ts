import { createRoute, z } from '@hono/zod-openapi';
import { AccessProfileSchema } from '@reformer/domain/permissions';
import { loadOrgAccess } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonResponse, standardErrors } from '../../lib/openapi.ts';

const readAccessProfile = createRoute({
  method: 'get',
  path: '/auth/profile/access',
  tags: ['Access'],
  security: bearerSecurity,
  summary: "The user's grants in one organization, computed from their memberships",
  request: { query: z.object({ organizationId: z.string().min(1) }) },
  responses: { 200: jsonResponse(AccessProfileSchema, 'Access profile'), ...standardErrors },
});

export const accessRoutes = createRouter().openapi(readAccessProfile, async (c) => {
  const { organizationId } = c.req.valid('query');
  const access = await loadOrgAccess(c.get('deps').db, organizationId, {
    userId: c.get('userId'),
    sessionId: c.get('sessionId'),
  });
  return c.json(access.profile, 200);
});
