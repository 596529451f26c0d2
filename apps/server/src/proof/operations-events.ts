import type { OperationTable } from './operation-table.ts';
import { dateFromToday } from './seed-objects.ts';

const org = { orgId: 'organization' } as const;

/**
 * Written here from the contract, not imported from the routes, so the probe checks the code instead of
 * repeating it (docs/decisions/016). Birthdays go with the customers: VIEW_CUSTOMERS anywhere reads them,
 * MANAGE_CUSTOMERS anywhere configures and sends; payment reminders go with the payments: VIEW_PAYMENTS and
 * MANAGE_PAYMENTS at ORG scope. A customer's history needs VIEW_CUSTOMERS (reminders in it only with
 * VIEW_PAYMENTS). No establishment check after.
 */
const birthdays = {
  view: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  manage: { tenant: { anywhere: 'MANAGE_CUSTOMERS' } },
} as const;
const reminders = {
  view: { tenant: { org: 'VIEW_PAYMENTS' } },
  manage: { tenant: { org: 'MANAGE_PAYMENTS' } },
} as const;

const config = (template: string) => ({
  enabled: false,
  timing: 'BEFORE',
  days: 2,
  sendTime: '08:30',
  channels: ['EMAIL'],
  template,
});

// The seeded customer's birthday is 10 days ahead; the seeded enrollment's first cycle is due in 30 days.
const occasion = (days: number) => () => ({ occasionDate: dateFromToday(days) });
const sending = (days: number) => () => ({ occasionDate: dateFromToday(days), channel: 'WHATSAPP' });

/** Birthday messages and payment reminders (issue #13). */
export const eventOperations: OperationTable = {
  'GET /organizations/{orgId}/events/birthdays': {
    params: org,
    query: () => ({ days: '30' }),
    access: birthdays.view,
  },
  'GET /organizations/{orgId}/events/payment-reminders': {
    params: org,
    query: () => ({ days: '30' }),
    access: reminders.view,
  },
  'GET /organizations/{orgId}/events/config/birthdays': { params: org, access: birthdays.view },
  'PUT /organizations/{orgId}/events/config/birthdays': {
    params: org,
    body: () => config('Parabéns, {customerName}!'),
    access: birthdays.manage,
  },
  'GET /organizations/{orgId}/events/config/payment-reminders': { params: org, access: reminders.view },
  'PUT /organizations/{orgId}/events/config/payment-reminders': {
    params: org,
    body: () => ({ ...config('{customerName}: {amount}'), overdueTemplate: '{customerName}: {dueDate}' }),
    access: reminders.manage,
  },
  'GET /organizations/{orgId}/events/birthdays/outbox': { params: org, access: birthdays.view },
  'GET /organizations/{orgId}/events/payment-reminders/outbox': { params: org, access: reminders.view },
  'POST /organizations/{orgId}/events/birthdays/{customerId}/sent': {
    params: { ...org, customerId: 'customer' },
    body: occasion(10),
    access: birthdays.manage,
  },
  'POST /organizations/{orgId}/events/birthdays/{customerId}/send': {
    params: { ...org, customerId: 'customer' },
    body: sending(10),
    access: birthdays.manage,
  },
  'POST /organizations/{orgId}/events/payment-reminders/{enrollmentId}/sent': {
    params: { ...org, enrollmentId: 'enrollment' },
    body: occasion(30),
    access: reminders.manage,
  },
  'POST /organizations/{orgId}/events/payment-reminders/{enrollmentId}/send': {
    params: { ...org, enrollmentId: 'enrollment' },
    body: sending(30),
    access: reminders.manage,
  },
  // Membership at the route; the service then asks for the permission to send the message's kind, which
  // only a message can tell, and the seed has no outbox message: every member gets 404 for this id, and an
  // outsider is refused by the membership. The kind rules are proved in modules/events/events.test.ts.
  'POST /organizations/{orgId}/events/messages/{messageId}/sent': {
    params: { ...org, messageId: () => '0190c9a0-0000-7000-8000-000000000000' },
    access: { tenant: 'member' },
  },
  // Class reminders and notices (decision 050): every member reads the settings, MANAGE_SETTINGS changes
  // them; their outbox goes with the customers, as the birthdays'.
  'GET /organizations/{orgId}/events/config/class-notices': { params: org, access: { tenant: 'member' } },
  'PUT /organizations/{orgId}/events/config/class-notices': {
    params: org,
    body: () => ({
      reminderHours: 6,
      reminderChannels: ['EMAIL', 'WHATSAPP'],
      changeNoticeEnabled: false,
      changeChannels: [],
    }),
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
  'GET /organizations/{orgId}/events/class-notices/outbox': { params: org, access: birthdays.view },
  'GET /organizations/{orgId}/events/whatsapp-messages': { params: org, access: birthdays.view },
  'GET /organizations/{orgId}/customers/{customerId}/event-messages': {
    params: { ...org, customerId: 'customer' },
    access: birthdays.view,
  },
};
