import { createRoute, z } from '@hono/zod-openapi';
import { AttendanceChange, CustomersAdded } from '@reformer/domain/make-up-credit-schemas';
import {
  AddCustomersToSessionInput,
  CheckInInput,
  MoveSessionInput,
  Session,
  SessionDetails,
  SessionList,
  SessionListQuery,
  UpdateAttendanceInput,
} from '@reformer/domain/sessions';
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
import * as attendance from './attendance.service.ts';
import * as service from './sessions.service.ts';

const tags = ['Sessions and attendance'];
const SessionParams = OrgIdParam.extend({ sessionId: z.string() });
const RosterParams = SessionParams.extend({ customerId: z.string() });
// The establishment decides in the service: a session the member may not see there is a 404.
const manageAttendance = [requireMembership, requireActionAnywhere('MANAGE_ATTENDANCE')];
const details = (description: string) => jsonResponse(SessionDetails, description);

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/sessions',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_SCHEDULES')],
  summary:
    'Sessions whose local date is in [from, to] (at most 62 days), of the establishments where the member may view schedules, by start',
  request: { params: OrgIdParam, query: SessionListQuery },
  responses: { 200: jsonResponse(SessionList, 'The sessions'), ...standardErrors },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/sessions/{sessionId}',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary:
    'The session and its roster (VIEW_ATTENDANCE, VIEW_SCHEDULE_SESSIONS, CHECKIN_CUSTOMERS or MANAGE_ATTENDANCE at its establishment, otherwise 404)',
  request: { params: SessionParams },
  responses: { 200: details('The session'), ...standardErrors },
});

const move = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/sessions/{sessionId}',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('MANAGE_SCHEDULE_SESSIONS')],
  summary: 'Move this session to another local date and time; its schedule stays',
  request: { params: SessionParams, body: jsonBody(MoveSessionInput) },
  responses: {
    200: jsonResponse(Session, 'Moved'),
    ...standardErrors,
    409: errorResponse(
      'SESSION_NOT_MOVABLE; `details.reason`: INACTIVE, STARTED, HAS_CHECK_INS, TARGET_IN_PAST',
    ),
  },
});

const setStatus = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/sessions/{sessionId}/attendance/{customerId}',
  tags,
  security: bearerSecurity,
  middleware: manageAttendance,
  summary:
    "Set a roster customer's status. Cancelling decides their make-up credit (`makeUpCredit`: EARNED, or NOT_EARNED and why); undoing a cancellation returns its unused credit (RETURNED)",
  request: { params: RosterParams, body: jsonBody(UpdateAttendanceInput) },
  responses: {
    200: jsonResponse(AttendanceChange, 'Updated'),
    ...standardErrors,
    409: errorResponse(
      'SESSION_FULL: confirming a canceled customer needs a free seat; MAKE_UP_CREDIT_USED: the cancellation’s credit paid for a make-up; MAKE_UP_NOT_BOOKED: REPOSITION comes from booking a make-up',
    ),
  },
});

const addCustomers = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/sessions/{sessionId}/customers',
  tags,
  security: bearerSecurity,
  middleware: manageAttendance,
  summary:
    'Add customers to this session only; all or nothing. As REPOSITION (a make-up) each spends their oldest valid make-up credit (`spentCredits`)',
  request: { params: SessionParams, body: jsonBody(AddCustomersToSessionInput) },
  responses: {
    201: jsonResponse(CustomersAdded, 'Added'),
    ...standardErrors,
    409: errorResponse(
      'SESSION_FULL, SESSION_CUSTOMER_DUPLICATE, SESSION_INACTIVE; for a make-up MAKE_UP_NO_CREDIT or MAKE_UP_SESSION_NOT_ALLOWED (`details.customerId`); with `usePurchase` PURCHASE_NONE, PURCHASE_USED_UP or PURCHASE_EXPIRED (`details.customerId`, `name`)',
    ),
  },
});

const checkIn = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/sessions/{sessionId}/check-ins',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary: 'Check a roster customer in (CHECKIN_CUSTOMERS or MANAGE_ATTENDANCE); twice keeps the first time',
  request: { params: SessionParams, body: jsonBody(CheckInInput) },
  responses: { 200: details('Checked in'), ...standardErrors },
});

const undoCheckIn = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/sessions/{sessionId}/check-ins/{customerId}',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary: 'Undo a check-in (CHECKIN_CUSTOMERS or MANAGE_ATTENDANCE)',
  request: { params: RosterParams },
  responses: { 200: details('Check-in undone'), ...standardErrors },
});

export const sessionsRoutes = createRouter()
  .openapi(list, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.listSessions(db, c.get('access'), c.req.valid('query'), now()), 200);
  })
  .openapi(read, async (c) => {
    const { db, now } = c.get('deps');
    const { sessionId } = c.req.valid('param');
    return c.json(await service.getSessionDetails(db, c.get('access'), sessionId, now()), 200);
  })
  .openapi(move, async (c) => {
    const { db, now, publicUrl } = c.get('deps');
    const { sessionId } = c.req.valid('param');
    const slot = c.req.valid('json');
    const moved = await service.moveSession(db, c.get('access'), sessionId, slot, now(), publicUrl);
    // The roster's notices leave once the move committed, not at the events job's next run (decision 052).
    afterCommit(c, (deps) => sendChangeNoticesNow(deps, c.get('access').organizationId));
    return c.json(moved, 200);
  })
  .openapi(setStatus, async (c) => {
    const { db, now } = c.get('deps');
    const { sessionId, customerId } = c.req.valid('param');
    const { status } = c.req.valid('json');
    return c.json(
      await attendance.updateAttendance(
        db,
        c.get('access'),
        { sessionId, customerId },
        status,
        now(),
        c.get('deps').publicUrl,
      ),
      200,
    );
  })
  .openapi(addCustomers, async (c) => {
    const { db, now } = c.get('deps');
    const { sessionId } = c.req.valid('param');
    return c.json(
      await attendance.addCustomersToSession(db, c.get('access'), sessionId, c.req.valid('json'), now()),
      201,
    );
  })
  .openapi(checkIn, async (c) => {
    const { db, now } = c.get('deps');
    const { sessionId } = c.req.valid('param');
    const { customerId } = c.req.valid('json');
    return c.json(await attendance.checkIn(db, c.get('access'), { sessionId, customerId }, now()), 200);
  })
  .openapi(undoCheckIn, async (c) => {
    const { db, now } = c.get('deps');
    const { sessionId, customerId } = c.req.valid('param');
    return c.json(await attendance.undoCheckIn(db, c.get('access'), { sessionId, customerId }, now()), 200);
  });
