import { createRoute, z } from '@hono/zod-openapi';
import {
  BirthdayConfigInput,
  BirthdayEventList,
  EventConfig,
  type EventKind,
  EventMessage,
  EventMessageList,
  MarkEventSentInput,
  PaymentReminderConfigInput,
  PaymentReminderEventList,
  SendEventInput,
  UpcomingEventsQuery,
} from '@reformer/domain/events';
import { ClassNoticeSettings, ClassNoticeSettingsInput } from '@reformer/domain/events-class-notices';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as classNotices from './class-notices.service.ts';
import * as service from './events.service.ts';
import { smsNotConfigured } from './sms-provider.ts';

const tags = ['Events'];
const base = '/organizations/{orgId}/events';

/**
 * docs/decisions/016: birthdays go with the customers (VIEW_CUSTOMERS anywhere reads them, MANAGE_CUSTOMERS
 * anywhere configures and sends), payment reminders with the payments (VIEW_PAYMENTS / MANAGE_PAYMENTS at
 * organization scope, so an accountant chases payments without reading the customer list).
 */
const birthdays = {
  view: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  manage: [requireMembership, requireActionAnywhere('MANAGE_CUSTOMERS')],
};
const reminders = {
  view: [requireMembership, requirePermission('VIEW_PAYMENTS')],
  manage: [requireMembership, requirePermission('MANAGE_PAYMENTS')],
};

const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
const EnrollmentParams = OrgIdParam.extend({ enrollmentId: z.string() });
const sendConflicts = errorResponse(
  'EVENT_ALREADY_SENT (once per customer, kind, occasion and channel), EVENT_RECIPIENT_MISSING, EVENT_NOT_CONFIGURED, EVENT_CHANNEL_NOT_CONFIGURED (SMS), EVENT_EMAIL_NOT_CONFIGURED (no SMTP)',
);
const emailFailed = errorResponse('EVENT_EMAIL_FAILED: the SMTP server refused or was unreachable');

function upcomingRoute<T extends z.ZodType>(
  path: string,
  middleware: typeof birthdays.view,
  list: T,
  summary: string,
) {
  return createRoute({
    method: 'get',
    path,
    tags,
    security: bearerSecurity,
    middleware,
    summary,
    request: { params: OrgIdParam, query: UpcomingEventsQuery },
    responses: { 200: jsonResponse(list, 'Upcoming occasions'), ...standardErrors },
  });
}

const listBirthdays = upcomingRoute(
  `${base}/birthdays`,
  birthdays.view,
  BirthdayEventList,
  "Customers whose birthday falls in the next `days` days (30 by default), in the organization's calendar",
);
const listReminders = upcomingRoute(
  `${base}/payment-reminders`,
  reminders.view,
  PaymentReminderEventList,
  'Unpaid billing cycles: overdue ones and those due in the next `days` days',
);

function configRoutes<T extends z.ZodType>(segment: string, access: typeof birthdays, input: T) {
  const path = `${base}/config/${segment}`;
  const read = createRoute({
    method: 'get',
    path,
    tags,
    security: bearerSecurity,
    middleware: access.view,
    request: { params: OrgIdParam },
    responses: { 200: jsonResponse(EventConfig, 'The configuration'), ...standardErrors },
  });
  const save = createRoute({
    method: 'put',
    path,
    tags,
    security: bearerSecurity,
    middleware: access.manage,
    summary: 'Enable, time and word the automatic messages',
    request: { params: OrgIdParam, body: jsonBody(input) },
    responses: { 200: jsonResponse(EventConfig, 'Saved'), ...standardErrors },
  });
  return { read, save };
}

const birthdayConfig = configRoutes('birthdays', birthdays, BirthdayConfigInput);
const reminderConfig = configRoutes('payment-reminders', reminders, PaymentReminderConfigInput);

function occasionRoutes<P extends z.ZodObject>(
  segment: string,
  params: P,
  idName: string,
  access: typeof birthdays,
) {
  const path = `${base}/${segment}/{${idName}}`;
  const markSent = createRoute({
    method: 'post',
    path: `${path}/sent`,
    tags,
    security: bearerSecurity,
    middleware: access.manage,
    summary: 'Mark the occasion as sent (outside the app): the daily job will not send it',
    request: { params, body: jsonBody(MarkEventSentInput) },
    responses: {
      201: jsonResponse(EventMessage, 'Marked'),
      ...standardErrors,
      409: errorResponse('EVENT_ALREADY_SENT'),
    },
  });
  const send = createRoute({
    method: 'post',
    path: `${path}/send`,
    tags,
    security: bearerSecurity,
    middleware: access.manage,
    summary:
      'Send the occasion’s message on one channel: e-mail by SMTP (or to the outbox), WhatsApp as a wa.me link, SMS through its provider',
    request: { params, body: jsonBody(SendEventInput) },
    responses: {
      201: jsonResponse(EventMessage, 'Sent, or in the outbox'),
      ...standardErrors,
      409: sendConflicts,
      503: emailFailed,
    },
  });
  const outbox = createRoute({
    method: 'get',
    path: `${base}/${segment}/outbox`,
    tags,
    security: bearerSecurity,
    middleware: access.view,
    summary: 'Messages waiting: e-mails without SMTP, automatic WhatsApp messages to open (newest 100)',
    request: { params: OrgIdParam },
    responses: { 200: jsonResponse(EventMessageList, 'The outbox'), ...standardErrors },
  });
  return { markSent, send, outbox };
}

const birthdayOccasions = occasionRoutes('birthdays', CustomerParams, 'customerId', birthdays);
const reminderOccasions = occasionRoutes('payment-reminders', EnrollmentParams, 'enrollmentId', reminders);

/**
 * Class reminders and notices (decision 050): every member reads the settings (they say what customers are
 * told, nothing about a customer); changing them is an organization setting. Their outbox goes with the
 * customers, as the birthdays' does.
 */
const classNoticeSettingsPath = `${base}/config/class-notices`;
const readClassNoticeSettings = createRoute({
  method: 'get',
  path: classNoticeSettingsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(ClassNoticeSettings, 'The settings'), ...standardErrors },
});
const saveClassNoticeSettings = createRoute({
  method: 'put',
  path: classNoticeSettingsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_SETTINGS')],
  summary:
    'Hours before a session its reminder goes out (0: off), the notice of a moved or cancelled session, and their channels',
  request: { params: OrgIdParam, body: jsonBody(ClassNoticeSettingsInput) },
  responses: { 200: jsonResponse(ClassNoticeSettings, 'Saved'), ...standardErrors },
});
const classNoticeOutbox = createRoute({
  method: 'get',
  path: `${base}/class-notices/outbox`,
  tags,
  security: bearerSecurity,
  middleware: birthdays.view,
  summary:
    'Class reminders and notices waiting: e-mails without SMTP, WhatsApp messages to open (newest 100)',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(EventMessageList, 'The outbox'), ...standardErrors },
});

const whatsAppSent = createRoute({
  method: 'get',
  path: `${base}/whatsapp-messages`,
  tags,
  security: bearerSecurity,
  // As the class notices' outbox; the list holds only the kinds the member may read (payment reminders only
  // with VIEW_PAYMENTS, decision 016).
  middleware: birthdays.view,
  summary:
    'Messages sent through the WhatsApp Cloud API, with their status (queued, sent, delivered, read, failed with Meta’s error), newest 100',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(EventMessageList, 'Messages, newest first'), ...standardErrors },
});

const customerMessages = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/event-messages',
  tags,
  security: bearerSecurity,
  middleware: birthdays.view,
  summary:
    'What was sent to the customer (automatically or by hand, channel, when, by whom); payment reminders only with VIEW_PAYMENTS',
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(EventMessageList, 'Messages, newest first'), ...standardErrors },
});

/**
 * Membership only here: the permission depends on the message's kind, which the service reads — the same as
 * sending that kind (a member who may not see the kind gets 404).
 */
const markMessageSent = createRoute({
  method: 'post',
  path: `${base}/messages/{messageId}/sent`,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary:
    'Mark a message waiting in the outbox as sent (an automatic WhatsApp message a member opened); who and when are audited',
  request: { params: OrgIdParam.extend({ messageId: z.string() }) },
  responses: {
    200: jsonResponse(EventMessage, 'The message, now SENT'),
    ...standardErrors,
    409: errorResponse('EVENT_MESSAGE_NOT_IN_OUTBOX: it was already sent, or never waited in the outbox'),
  },
});

type Context = import('hono').Context<AppEnv>;

function markSent(c: Context, kind: EventKind, id: string, input: MarkEventSentInput) {
  return service.markSent(c.get('deps').db, c.get('access'), kind, id, input, actorOf(c));
}

/** No SMS provider is configured yet (sms-provider.ts); e-mail goes through the app's mailer. */
const sendersOf = (c: Context) => ({
  mailer: c.get('deps').mailer,
  sms: smsNotConfigured,
  publicUrl: c.get('deps').publicUrl,
});

function send(c: Context, kind: EventKind, id: string, input: SendEventInput) {
  return service.sendEvent(c.get('deps').db, sendersOf(c), c.get('access'), kind, id, input, actorOf(c));
}

export const eventsRoutes = createRouter()
  .openapi(listBirthdays, async (c) => {
    const { db, now } = c.get('deps');
    const query = c.req.valid('query');
    return c.json(await service.listBirthdays(db, sendersOf(c), c.get('access'), query, now()), 200);
  })
  .openapi(listReminders, async (c) => {
    const { db, now } = c.get('deps');
    const query = c.req.valid('query');
    return c.json(await service.listPaymentReminders(db, sendersOf(c), c.get('access'), query, now()), 200);
  })
  .openapi(birthdayConfig.read, async (c) =>
    c.json(await service.getConfig(c.get('deps').db, c.get('access'), 'BIRTHDAY'), 200),
  )
  .openapi(birthdayConfig.save, async (c) => {
    const actor = actorOf(c);
    return c.json(
      await service.saveConfig(c.get('deps').db, c.get('access'), 'BIRTHDAY', c.req.valid('json'), actor),
      200,
    );
  })
  .openapi(reminderConfig.read, async (c) =>
    c.json(await service.getConfig(c.get('deps').db, c.get('access'), 'PAYMENT_REMINDER'), 200),
  )
  .openapi(reminderConfig.save, async (c) => {
    const actor = actorOf(c);
    const values = c.req.valid('json');
    return c.json(
      await service.saveConfig(c.get('deps').db, c.get('access'), 'PAYMENT_REMINDER', values, actor),
      200,
    );
  })
  .openapi(birthdayOccasions.outbox, async (c) =>
    c.json(await service.listOutbox(c.get('deps').db, c.get('access'), ['BIRTHDAY']), 200),
  )
  .openapi(reminderOccasions.outbox, async (c) =>
    c.json(await service.listOutbox(c.get('deps').db, c.get('access'), ['PAYMENT_REMINDER']), 200),
  )
  .openapi(birthdayOccasions.markSent, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await markSent(c, 'BIRTHDAY', customerId, c.req.valid('json')), 201);
  })
  .openapi(reminderOccasions.markSent, async (c) => {
    const { enrollmentId } = c.req.valid('param');
    return c.json(await markSent(c, 'PAYMENT_REMINDER', enrollmentId, c.req.valid('json')), 201);
  })
  .openapi(birthdayOccasions.send, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await send(c, 'BIRTHDAY', customerId, c.req.valid('json')), 201);
  })
  .openapi(reminderOccasions.send, async (c) => {
    const { enrollmentId } = c.req.valid('param');
    return c.json(await send(c, 'PAYMENT_REMINDER', enrollmentId, c.req.valid('json')), 201);
  })
  .openapi(readClassNoticeSettings, async (c) =>
    c.json(await classNotices.getClassNoticeSettings(c.get('deps').db, c.get('access')), 200),
  )
  .openapi(saveClassNoticeSettings, async (c) => {
    const { db } = c.get('deps');
    const values = c.req.valid('json');
    return c.json(await classNotices.saveClassNoticeSettings(db, c.get('access'), values, actorOf(c)), 200);
  })
  .openapi(whatsAppSent, async (c) =>
    c.json(await service.listWhatsAppSent(c.get('deps').db, c.get('access')), 200),
  )
  .openapi(classNoticeOutbox, async (c) =>
    c.json(
      await service.listOutbox(c.get('deps').db, c.get('access'), ['CLASS_REMINDER', 'CLASS_CHANGED']),
      200,
    ),
  )
  .openapi(markMessageSent, async (c) => {
    const { messageId } = c.req.valid('param');
    const { db } = c.get('deps');
    return c.json(await service.markMessageSent(db, c.get('access'), messageId, actorOf(c)), 200);
  })
  .openapi(customerMessages, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await service.listCustomerMessages(c.get('deps').db, c.get('access'), customerId), 200);
  });
