import { createRoute, z } from '@hono/zod-openapi';
import {
  Enrollment,
  EnrollmentActionInput,
  EnrollmentDetails,
  EnrollmentInput,
  EnrollmentList,
  EnrollmentListQuery,
  EnrollmentOptions,
  EnrollmentOptionsQuery,
} from '@reformer/domain/enrollments';
import { requireActionAnywhere, requireMembership } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import { endEnrollmentRecurrence } from '../pix-automatico/pix-automatico.service.ts';
import * as service from './enrollments.service.ts';

const tags = ['Enrollments'];
const EnrollmentParams = OrgIdParam.extend({ enrollmentId: z.string() });
// The schedule's establishment decides in the service: an enrollment the member may not see there is a 404.
const view = [requireMembership, requireActionAnywhere('VIEW_ENROLLMENTS')];
const manage = [requireMembership, requireActionAnywhere('MANAGE_ENROLLMENTS')];
const placementConflict = errorResponse(
  'ENROLLMENT_DUPLICATE (same customer and schedule, overlapping dates), ENROLLMENT_FULL (`details.dates`: full sessions), ENROLLMENT_WEEKLY_LIMIT (`details.limit`), SCHEDULE_INACTIVE or PLAN_INACTIVE',
);

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/enrollments',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary:
    'Paged list (newest start first) of the enrollments in schedules the member may view enrollments of',
  request: { params: OrgIdParam, query: EnrollmentListQuery },
  responses: { 200: jsonResponse(EnrollmentList, 'A page of enrollments'), ...standardErrors },
});

const options = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/enrollments/options',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'The plans, and the schedules with their free seats over a period, for the form and the filters',
  request: { params: OrgIdParam, query: EnrollmentOptionsQuery },
  responses: { 200: jsonResponse(EnrollmentOptions, 'Plans and schedules'), ...standardErrors },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/enrollments/{enrollmentId}',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'The enrollment and the sessions it covers, with the attendance there',
  request: { params: EnrollmentParams },
  responses: { 200: jsonResponse(EnrollmentDetails, 'The enrollment'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/enrollments',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    "Enroll a customer (MANAGE_ENROLLMENTS at the schedule's establishment); the end date defaults to the plan's first billing cycle",
  request: { params: OrgIdParam, body: jsonBody(EnrollmentInput) },
  responses: { 201: jsonResponse(Enrollment, 'Created'), ...standardErrors, 409: placementConflict },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/enrollments/{enrollmentId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Change customer, plan, schedule, dates or notes (the status changes through actions)',
  request: { params: EnrollmentParams, body: jsonBody(EnrollmentInput) },
  responses: { 200: jsonResponse(Enrollment, 'Updated'), ...standardErrors, 409: placementConflict },
});

const act = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/enrollments/{enrollmentId}/actions',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Pause (with a resume date), resume, cancel, complete or renew (one more billing cycle, same seat)',
  request: { params: EnrollmentParams, body: jsonBody(EnrollmentActionInput) },
  responses: {
    200: jsonResponse(Enrollment, 'Changed'),
    ...standardErrors,
    409: errorResponse(
      'ENROLLMENT_ACTION_NOT_ALLOWED for the status, or a seat conflict when resuming/renewing',
    ),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/enrollments/{enrollmentId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Delete; attendance already recorded in its sessions stays',
  request: { params: EnrollmentParams },
  responses: { 204: { description: 'Deleted' }, ...standardErrors },
});

export const enrollmentsRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await service.listEnrollments(c.get('deps').db, c.get('access'), c.req.valid('query')), 200),
  )
  .openapi(options, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.getEnrollmentOptions(db, c.get('access'), c.req.valid('query'), now()), 200);
  })
  .openapi(read, async (c) => {
    const { enrollmentId } = c.req.valid('param');
    return c.json(await service.getEnrollmentDetails(c.get('deps').db, c.get('access'), enrollmentId), 200);
  })
  .openapi(create, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.createEnrollment(db, c.get('access'), c.req.valid('json'), now()), 201);
  })
  .openapi(update, async (c) => {
    const { db, now } = c.get('deps');
    const { enrollmentId } = c.req.valid('param');
    const values = c.req.valid('json');
    return c.json(await service.updateEnrollment(db, c.get('access'), enrollmentId, values, now()), 200);
  })
  .openapi(act, async (c) => {
    const { db, now, secretBox, pixPsp } = c.get('deps');
    const { enrollmentId } = c.req.valid('param');
    const input = c.req.valid('json');
    const enrollment = await service.applyEnrollmentAction(db, c.get('access'), enrollmentId, input, now());
    // An enrollment that ended stops its Pix Automático (decision 048).
    if (input.action === 'CANCEL' || input.action === 'COMPLETE') {
      const deps = { db, secretBox, gateway: pixPsp };
      await endEnrollmentRecurrence(deps, c.get('access').organizationId, enrollmentId, now());
    }
    return c.json(enrollment, 200);
  })
  .openapi(remove, async (c) => {
    const { db, now } = c.get('deps');
    await service.deleteEnrollment(db, c.get('access'), c.req.valid('param').enrollmentId, now());
    return c.body(null, 204);
  });
