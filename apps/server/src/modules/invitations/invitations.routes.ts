import { createRoute, z } from '@hono/zod-openapi';
import {
  AcceptedInvitation,
  Invitation,
  InvitationPreview,
  InviteStaffInput,
  ListInvitationsQuery,
} from '@reformer/domain/invitations';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './invitations.service.ts';

const tags = ['Invitations'];
const InvitationParams = OrgIdParam.extend({ invitationId: z.string() });
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const invite = [requireMembership, requirePermission('INVITE_STAFF')];

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/staff/invite',
  tags,
  security: bearerSecurity,
  middleware: invite,
  request: { params: OrgIdParam, body: jsonBody(InviteStaffInput) },
  responses: {
    201: jsonResponse(
      Invitation,
      'Invited; `inviteUrl` is the link to share, `emailSent` says whether it was mailed',
    ),
    ...standardErrors,
    409: errorResponse('STAFF_ALREADY_MEMBER or INVITATION_ALREADY_PENDING'),
  },
});

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/invitations',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_STAFF')] as const,
  request: { params: OrgIdParam, query: ListInvitationsQuery },
  responses: { 200: jsonResponse(z.array(Invitation), 'Invitations, newest first'), ...standardErrors },
});

const revoke = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/invitations/{invitationId}',
  tags,
  security: bearerSecurity,
  middleware: invite,
  request: { params: InvitationParams },
  responses: {
    204: { description: 'Revoked' },
    ...standardErrors,
    409: errorResponse('INVITATION_NOT_PENDING'),
  },
});

const resend = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/invitations/{invitationId}/resend',
  tags,
  security: bearerSecurity,
  middleware: invite,
  request: { params: InvitationParams },
  responses: {
    200: jsonResponse(Invitation, 'A new link and expiry'),
    ...standardErrors,
    409: errorResponse('INVITATION_NOT_PENDING'),
  },
});

const validate = createRoute({
  method: 'get',
  path: '/invitations/validate/{token}',
  tags,
  summary: 'What an open invitation offers; 404 INVITATION_INVALID when invalid, expired, revoked or used',
  request: { params: TokenParams },
  responses: {
    200: jsonResponse(InvitationPreview, 'The invitation'),
    404: errorResponse('INVITATION_INVALID'),
  },
});

const accept = createRoute({
  method: 'post',
  path: '/invitations/accept/{token}',
  tags,
  security: bearerSecurity,
  request: { params: TokenParams },
  responses: {
    200: jsonResponse(AcceptedInvitation, 'Joined the organization'),
    ...standardErrors,
    403: errorResponse('INVITATION_EMAIL_MISMATCH: signed in with another email'),
    409: errorResponse('STAFF_ALREADY_MEMBER'),
  },
});

export const invitationsRoutes = createRouter()
  .openapi(create, async (c) =>
    c.json(
      await service.inviteStaff(c.get('deps'), c.get('access'), c.get('userId'), c.req.valid('json')),
      201,
    ),
  )
  .openapi(list, async (c) =>
    c.json(await service.listInvitations(c.get('deps'), c.get('access'), c.req.valid('query')), 200),
  )
  .openapi(revoke, async (c) => {
    await service.revokeInvitation(c.get('deps'), c.get('access'), c.req.valid('param').invitationId);
    return c.body(null, 204);
  })
  .openapi(resend, async (c) => {
    const { invitationId } = c.req.valid('param');
    return c.json(
      await service.resendInvitation(c.get('deps'), c.get('access'), c.get('userId'), invitationId),
      200,
    );
  })
  .openapi(validate, async (c) =>
    c.json(await service.previewInvitation(c.get('deps'), c.req.valid('param').token), 200),
  )
  .openapi(accept, async (c) =>
    c.json(await service.acceptInvitation(c.get('deps'), c.req.valid('param').token, c.get('userId')), 200),
  );
