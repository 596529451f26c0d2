import { createRoute, z } from '@hono/zod-openapi';
import {
  EndingSchedules,
  EndingSchedulesQuery,
  Schedule,
  ScheduleInput,
  ScheduleList,
  ScheduleListQuery,
  SetScheduleActiveInput,
} from '@reformer/domain/schedules';
import { requireActionAnywhere, requireMembership } from '../../auth/access.ts';
import { afterCommit, createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import { sendChangeNoticesNow } from '../events/class-change-notices.ts';
import * as service from './schedules.service.ts';

const tags = ['Schedules'];
const ScheduleParams = OrgIdParam.extend({ scheduleId: z.string() });
// The establishment decides in the service: a schedule the member may not see there is a 404.
const view = [requireMembership, requireActionAnywhere('VIEW_SCHEDULES')];
const manage = [requireMembership, requireActionAnywhere('MANAGE_SCHEDULES')];
const invalid = errorResponse(
  'VALIDATION_FAILED (`details` lists the fields) or STAFF_NOT_IN_ESTABLISHMENT (`details.path` = staffUserId)',
);

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/schedules',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'Paged list of the schedules of the establishments where the member may view schedules',
  request: { params: OrgIdParam, query: ScheduleListQuery },
  responses: { 200: jsonResponse(ScheduleList, 'A page of schedules'), ...standardErrors },
});

const ending = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/schedules/ending',
  tags,
  security: bearerSecurity,
  // The counts are enrollments: their viewers, at the establishments where they see them.
  middleware: [requireMembership, requireActionAnywhere('VIEW_ENROLLMENTS')],
  summary:
    'Schedules ending within 30 days (today included) with enrollments that renew by themselves, which end with them; `scheduleId` asks about one',
  request: { params: OrgIdParam, query: EndingSchedulesQuery },
  responses: { 200: jsonResponse(EndingSchedules, 'Soonest end first'), ...standardErrors },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/schedules/{scheduleId}',
  tags,
  security: bearerSecurity,
  middleware: view,
  request: { params: ScheduleParams },
  responses: { 200: jsonResponse(Schedule, 'The schedule'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/schedules',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Create a schedule (MANAGE_SCHEDULES at its establishment) and generate its sessions',
  request: { params: OrgIdParam, body: jsonBody(ScheduleInput) },
  responses: { 201: jsonResponse(Schedule, 'Created'), ...standardErrors, 400: invalid },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/schedules/{scheduleId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Update (MANAGE_SCHEDULES at the old and the new establishment); regenerates future sessions with no attendance',
  request: { params: ScheduleParams, body: jsonBody(ScheduleInput) },
  responses: { 200: jsonResponse(Schedule, 'Updated'), ...standardErrors, 400: invalid },
});

const setActive = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/schedules/{scheduleId}/active',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "Activate or deactivate; the schedule's future sessions follow",
  request: { params: ScheduleParams, body: jsonBody(SetScheduleActiveInput) },
  responses: { 200: jsonResponse(Schedule, 'Updated'), ...standardErrors },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/schedules/{scheduleId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Delete a schedule and its sessions',
  request: { params: ScheduleParams },
  responses: {
    204: { description: 'Deleted' },
    ...standardErrors,
    409: errorResponse('SCHEDULE_HAS_ATTENDANCE: a session has attendance; deactivate instead'),
  },
});

export const schedulesRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await service.listSchedules(c.get('deps').db, c.get('access'), c.req.valid('query')), 200),
  )
  // Before `read`, whose {scheduleId} would take "ending".
  .openapi(ending, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.listEndingSchedules(db, c.get('access'), c.req.valid('query'), now()), 200);
  })
  .openapi(read, async (c) =>
    c.json(
      await service.getSchedule(c.get('deps').db, c.get('access'), c.req.valid('param').scheduleId),
      200,
    ),
  )
  .openapi(create, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.createSchedule(db, c.get('access'), c.req.valid('json'), now()), 201);
  })
  .openapi(update, async (c) => {
    const { db, now, publicUrl } = c.get('deps');
    const { scheduleId } = c.req.valid('param');
    // A deactivation's notices leave once it committed (decision 052); with none queued this sends nothing.
    afterCommit(c, (deps) => sendChangeNoticesNow(deps, c.get('access').organizationId));
    return c.json(
      await service.updateSchedule(db, c.get('access'), scheduleId, c.req.valid('json'), now(), publicUrl),
      200,
    );
  })
  .openapi(setActive, async (c) => {
    const { db, now, publicUrl } = c.get('deps');
    const { scheduleId } = c.req.valid('param');
    const { isActive } = c.req.valid('json');
    afterCommit(c, (deps) => sendChangeNoticesNow(deps, c.get('access').organizationId));
    return c.json(
      await service.setScheduleActive(db, c.get('access'), scheduleId, isActive, now(), publicUrl),
      200,
    );
  })
  .openapi(remove, async (c) => {
    await service.deleteSchedule(c.get('deps').db, c.get('access'), c.req.valid('param').scheduleId);
    return c.body(null, 204);
  });
