import { createRoute } from '@hono/zod-openapi';
import { UpdateProfileInput, UserProfile } from '@reformer/domain/users';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonBody, jsonResponse, standardErrors } from '../../lib/openapi.ts';
import * as service from './users.service.ts';

const tags = ['Users'];

const readMe = createRoute({
  method: 'get',
  path: '/users/me',
  tags,
  security: bearerSecurity,
  responses: { 200: jsonResponse(UserProfile, 'The signed-in user'), ...standardErrors },
});

const updateMe = createRoute({
  method: 'put',
  path: '/users/me',
  tags,
  security: bearerSecurity,
  request: { body: jsonBody(UpdateProfileInput) },
  responses: { 200: jsonResponse(UserProfile, 'Updated'), ...standardErrors },
});

export const usersRoutes = createRouter()
  .openapi(readMe, async (c) => c.json(await service.getProfile(c.get('deps').db, c.get('userId')), 200))
  .openapi(updateMe, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.updateProfile(db, c.get('userId'), c.req.valid('json'), now()), 200);
  });
