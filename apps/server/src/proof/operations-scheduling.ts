import type { Action } from '@reformer/domain/permissions';
import { scheduleBody } from '../test/factories.ts';
import type { AtRule, OperationTable } from './operation-table.ts';
import type { TenantIds } from './seed.ts';
import { dateFromToday } from './seed-objects.ts';

const org = { orgId: 'organization' } as const;
const schedule = { ...org, scheduleId: 'schedule' } as const;
const session = { ...org, sessionId: 'session' } as const;
const rosterEntry = { ...session, customerId: 'rosterCustomer' } as const;

/**
 * Written here from the contract (/work/contract-9.md), not imported from the service, so the probe checks
 * the code instead of repeating it. Session details: any of DETAILS at its establishment, otherwise 404.
 * Changing a session: seen with VIEW_SCHEDULES or any of DETAILS (else 404), then the action (else 403).
 */
const DETAILS: readonly Action[] = [
  'VIEW_ATTENDANCE',
  'VIEW_SCHEDULE_SESSIONS',
  'CHECKIN_CUSTOMERS',
  'MANAGE_ATTENDANCE',
];
const SEE: readonly Action[] = ['VIEW_SCHEDULES', ...DETAILS];
const atSession = (act: readonly Action[]): AtRule => ({ of: 'session', seeWith: SEE, act });
const atSchedule = (act: Action): AtRule => ({ of: 'schedule', seeWith: ['VIEW_SCHEDULES'], act: [act] });

const validSchedule = (ids: TenantIds) =>
  scheduleBody(ids.establishment, ids.staffMember, {
    name: 'Probe class',
    startDate: dateFromToday(30),
    endDate: dateFromToday(44),
  });
const scheduleSlots = [
  { in: 'body', at: 'establishmentId', kind: 'establishment' },
  { in: 'body', at: 'staffUserId', kind: 'staffMember' },
] as const;
const manageSchedule = {
  tenant: { anywhere: 'MANAGE_SCHEDULES' },
  at: atSchedule('MANAGE_SCHEDULES'),
} as const;

/** Schedules, sessions and attendance (issue #9). */
export const schedulingOperations: OperationTable = {
  'GET /organizations/{orgId}/schedules': {
    params: org,
    slots: [
      { in: 'query', at: 'establishmentId', kind: 'establishment' },
      { in: 'query', at: 'staffUserId', kind: 'staffMember' },
    ],
    access: { tenant: { anywhere: 'VIEW_SCHEDULES' } },
  },
  // The establishment in the body decides: MANAGE_SCHEDULES elsewhere passes the middleware, then 403 here.
  'POST /organizations/{orgId}/schedules': {
    params: org,
    body: validSchedule,
    slots: scheduleSlots,
    access: {
      tenant: { anywhere: 'MANAGE_SCHEDULES' },
      at: { of: 'establishment', act: ['MANAGE_SCHEDULES'] },
    },
  },
  // Enrollment counts: their viewers, narrowed to the establishments where they see them (issue #26 §1).
  'GET /organizations/{orgId}/schedules/ending': {
    params: org,
    slots: [{ in: 'query', at: 'scheduleId', kind: 'schedule' }],
    access: { tenant: { anywhere: 'VIEW_ENROLLMENTS' } },
  },
  'GET /organizations/{orgId}/schedules/{scheduleId}': {
    params: schedule,
    access: { tenant: { anywhere: 'VIEW_SCHEDULES' }, at: atSchedule('VIEW_SCHEDULES') },
  },
  'PUT /organizations/{orgId}/schedules/{scheduleId}': {
    params: schedule,
    body: validSchedule,
    slots: scheduleSlots,
    access: manageSchedule,
  },
  'PUT /organizations/{orgId}/schedules/{scheduleId}/active': {
    params: schedule,
    body: () => ({ isActive: false }),
    access: manageSchedule,
  },
  'DELETE /organizations/{orgId}/schedules/{scheduleId}': { params: schedule, access: manageSchedule },

  'GET /organizations/{orgId}/sessions': {
    params: org,
    query: () => ({ from: dateFromToday(30), to: dateFromToday(58) }),
    slots: [
      { in: 'query', at: 'establishmentId', kind: 'establishment' },
      { in: 'query', at: 'scheduleId', kind: 'schedule' },
      { in: 'query', at: 'staffUserId', kind: 'staffMember' },
    ],
    access: { tenant: { anywhere: 'VIEW_SCHEDULES' } },
  },
  'GET /organizations/{orgId}/sessions/{sessionId}': {
    params: session,
    access: { tenant: 'member', at: { of: 'session', seeWith: DETAILS, act: DETAILS } },
  },
  'PUT /organizations/{orgId}/sessions/{sessionId}': {
    params: session,
    body: () => ({ date: dateFromToday(70), startTime: '09:00', endTime: '10:00' }),
    access: {
      tenant: { anywhere: 'MANAGE_SCHEDULE_SESSIONS' },
      at: atSession(['MANAGE_SCHEDULE_SESSIONS']),
    },
  },
  'PUT /organizations/{orgId}/sessions/{sessionId}/attendance/{customerId}': {
    params: rosterEntry,
    body: () => ({ status: 'CANCELED' }),
    access: { tenant: { anywhere: 'MANAGE_ATTENDANCE' }, at: atSession(['MANAGE_ATTENDANCE']) },
  },
  // `customer` is not on the roster yet, so only the substituted id can make this fail.
  'POST /organizations/{orgId}/sessions/{sessionId}/customers': {
    params: session,
    body: (ids) => ({ customerIds: [ids.customer], reason: 'TRIAL_CLASS' }),
    slots: [{ in: 'body', at: 'customerIds.0', kind: 'customer' }],
    access: { tenant: { anywhere: 'MANAGE_ATTENDANCE' }, at: atSession(['MANAGE_ATTENDANCE']) },
  },
  'POST /organizations/{orgId}/sessions/{sessionId}/check-ins': {
    params: session,
    body: (ids) => ({ customerId: ids.rosterCustomer }),
    slots: [{ in: 'body', at: 'customerId', kind: 'rosterCustomer' }],
    access: { tenant: 'member', at: atSession(['CHECKIN_CUSTOMERS', 'MANAGE_ATTENDANCE']) },
  },
  'DELETE /organizations/{orgId}/sessions/{sessionId}/check-ins/{customerId}': {
    params: rosterEntry,
    access: { tenant: 'member', at: atSession(['CHECKIN_CUSTOMERS', 'MANAGE_ATTENDANCE']) },
  },
};
