import { addDays, daysBetween } from '@reformer/domain/calendar-dates';
import { isOffTheBooks } from '@reformer/domain/customers';
import { AppError } from '@reformer/domain/errors';
import {
  type BirthdayEventList,
  type EventChannel,
  type EventConfig,
  type EventKind,
  type EventMessage,
  type EventSent,
  type MarkEventSentInput,
  MESSAGE_KINDS,
  type MessageKind,
  type PaymentReminderConfigValues,
  type PaymentReminderEventList,
  type SendEventInput,
  type ServerChannel,
  type UpcomingEventsQuery,
} from '@reformer/domain/events';
import { amountDueCents, isBirthdayOn, upcomingBirthday } from '@reformer/domain/events-occasions';
import { can, canAny } from '@reformer/domain/permissions';
import { whatsAppNumber } from '@reformer/domain/phones';
import { todayIn } from '@reformer/domain/time-zones';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { whatsAppStatusesOf } from '../whatsapp/whatsapp-sending.ts';
import * as repository from './events.repository.ts';
import {
  deliver,
  EmailFailed,
  type How,
  markDelivered,
  type Occasion,
  recipientFor,
  type Senders,
} from './events-delivery.ts';
import {
  birthdayOccasionOf,
  listReminderCycles,
  reminderOccasion,
  reminderOccasionOf,
  reminderText,
} from './events-occasions.ts';

type ConfigValues = Omit<PaymentReminderConfigValues, 'overdueTemplate'> & { overdueTemplate?: string };

/** A kind never saved: off, with no message yet (the web offers its default text in the user's language). */
function unsavedConfig(kind: EventKind): EventConfig {
  return {
    kind,
    enabled: false,
    timing: 'ON_DAY',
    days: 0,
    sendTime: '09:00',
    channels: ['WHATSAPP'],
    template: '',
    overdueTemplate: kind === 'PAYMENT_REMINDER' ? '' : null,
    savedAt: null,
  };
}

function toConfig(kind: EventKind, row: repository.EventConfigRow | null): EventConfig {
  if (!row) return unsavedConfig(kind);
  return {
    kind,
    enabled: row.enabled,
    timing: row.timing,
    days: row.days,
    sendTime: row.sendTime.slice(0, 5),
    channels: row.channels,
    template: row.template,
    overdueTemplate: kind === 'PAYMENT_REMINDER' ? (row.overdueTemplate ?? '') : null,
    savedAt: row.updatedAt.toISOString(),
  };
}

export async function getConfig(db: Database, access: OrgAccess, kind: EventKind) {
  return toConfig(kind, await repository.findConfig(db, access.organizationId, kind));
}

export async function saveConfig(
  db: Database,
  access: OrgAccess,
  kind: EventKind,
  values: ConfigValues,
  actor: Actor,
) {
  await repository.saveConfig(db, {
    ...values,
    overdueTemplate: kind === 'PAYMENT_REMINDER' ? (values.overdueTemplate ?? null) : null,
    organizationId: access.organizationId,
    kind,
    updatedBy: actor.userId,
    updatedAt: actor.now,
  });
  return getConfig(db, access, kind);
}

async function todayOf(db: Database, organizationId: string, now: Date) {
  return todayIn(await organizationTimeZone(db, organizationId), now);
}

type OccasionState = { sent: EventSent | null; waiting: EventChannel[] };

/**
 * What became of each occasion of the window, keyed `customerId|occasion`: `sent` from the first message that
 * reached the customer (or the marking), with every channel that did; `waiting`, the channels in the outbox.
 */
async function occasionStates(
  db: Database,
  organizationId: string,
  kind: EventKind,
  range: { from: string; to: string },
) {
  const states = new Map<string, OccasionState>();
  for (const row of await repository.listDeliveries(db, organizationId, kind, range)) {
    const key = `${row.customerId}|${row.occasion}`;
    const state = states.get(key) ?? { sent: null, waiting: [] };
    states.set(key, state);
    if (row.status === 'OUTBOX' && row.channel) state.waiting.push(row.channel);
    if (row.status !== 'SENT' && row.status !== 'MARKED') continue;
    state.sent ??= { at: row.at.toISOString(), source: row.source, channels: [], byName: row.byName };
    if (row.channel) state.sent.channels.push(row.channel);
  }
  return (key: string): OccasionState => states.get(key) ?? { sent: null, waiting: [] };
}

/** The channels a Send by hand refuses on this server, for the web to offer disabled with the reason. */
function unavailableChannels(senders: Senders): ServerChannel[] {
  return [
    ...(senders.mailer.isConfigured ? [] : ['EMAIL' as const]),
    ...(senders.sms.isConfigured ? [] : ['SMS' as const]),
  ];
}

const isUnavailable = (senders: Senders, channel: EventChannel) =>
  channel !== 'WHATSAPP' && unavailableChannels(senders).includes(channel);

const contactOf = (customer: repository.CustomerContact) => ({
  hasEmail: Boolean(customer.email),
  whatsAppNumber: customer.phone ? whatsAppNumber(customer.phone, customer.country) : null,
});

export async function listBirthdays(
  db: Database,
  senders: Senders,
  access: OrgAccess,
  query: UpcomingEventsQuery,
  now: Date,
): Promise<BirthdayEventList> {
  const { organizationId } = access;
  const today = await todayOf(db, organizationId, now);
  const range = { from: today, to: addDays(today, query.days) };
  const [customers, stateOf] = await Promise.all([
    repository.listCustomersWithBirthdays(db, organizationId),
    occasionStates(db, organizationId, 'BIRTHDAY', range),
  ]);
  const items = customers.flatMap((customer) => {
    const upcoming = upcomingBirthday(customer.dateOfBirth, today, query.days);
    if (!upcoming) return [];
    return [
      {
        customerId: customer.customerId,
        customerName: customer.customerName,
        dateOfBirth: customer.dateOfBirth,
        ...upcoming,
        ...contactOf(customer),
        ...stateOf(`${customer.customerId}|${upcoming.birthday}`),
      },
    ];
  });
  items.sort((a, b) => a.daysUntil - b.daysUntil);
  return { today, days: query.days, unavailableChannels: unavailableChannels(senders), items };
}

export async function listPaymentReminders(
  db: Database,
  senders: Senders,
  access: OrgAccess,
  query: UpcomingEventsQuery,
  now: Date,
): Promise<PaymentReminderEventList> {
  const { organizationId } = access;
  const today = await todayOf(db, organizationId, now);
  const cycles = await listReminderCycles(db, organizationId, today, query.days);
  const from = cycles[0]?.cycle.dueDate ?? today;
  const stateOf = await occasionStates(db, organizationId, 'PAYMENT_REMINDER', {
    from,
    to: addDays(today, query.days),
  });
  const items = cycles.map(({ enrollment, cycle }) => ({
    enrollmentId: enrollment.enrollmentId,
    customerId: enrollment.customerId,
    customerName: enrollment.customerName,
    planName: enrollment.planName,
    dueDate: cycle.dueDate,
    payableUntil: cycle.payableUntil,
    amountCents: amountDueCents(cycle),
    currency: enrollment.currency,
    daysUntilDue: daysBetween(today, cycle.dueDate),
    isOverdue: cycle.state === 'OVERDUE',
    ...contactOf(enrollment),
    ...stateOf(`${enrollment.customerId}|${reminderOccasion(enrollment.enrollmentId, cycle.dueDate)}`),
  }));
  return { today, days: query.days, unavailableChannels: unavailableChannels(senders), items };
}

/** A birthday occasion no more than a year away from today, of a customer on the books. */
async function birthdayOccasion(
  db: Database,
  access: OrgAccess,
  customerId: string,
  date: string,
  today: string,
) {
  const customer = isUuid(customerId)
    ? await repository.findCustomer(db, access.organizationId, customerId)
    : null;
  if (!customer || isOffTheBooks(customer.status)) throw new AppError('CUSTOMER_NOT_FOUND');
  if (customer.hasRefusedMarketing) throw new AppError('CUSTOMER_MARKETING_REFUSED');
  const isOccasion =
    customer.dateOfBirth !== null &&
    isBirthdayOn(customer.dateOfBirth, date) &&
    Math.abs(daysBetween(today, date)) <= 366;
  if (!isOccasion) throw new AppError('EVENT_OCCASION_INVALID', undefined, { path: 'occasionDate' });
  return customer;
}

/** One unpaid cycle of the enrollment, overdue or due by `date`. */
async function reminderCycle(
  db: Database,
  access: OrgAccess,
  enrollmentId: string,
  date: string,
  today: string,
) {
  const { organizationId } = access;
  const enrollment = isUuid(enrollmentId)
    ? await repository.findReminderEnrollment(db, organizationId, enrollmentId)
    : null;
  if (!enrollment) throw new AppError('ENROLLMENT_NOT_FOUND');
  const days = Math.min(Math.max(0, daysBetween(today, date)), 366);
  const cycles = await listReminderCycles(db, organizationId, today, days, enrollment);
  const reminder = cycles.find(({ cycle }) => cycle.dueDate === date);
  if (!reminder) throw new AppError('EVENT_OCCASION_INVALID', undefined, { path: 'occasionDate' });
  return reminder;
}

/** The occasion a row's action names, with its message rendered from the saved template ('' when none). */
async function resolveOccasion(
  db: Database,
  access: OrgAccess,
  kind: EventKind,
  id: string,
  date: string,
  now: Date,
): Promise<{ occasion: Occasion; config: EventConfig }> {
  const { organizationId } = access;
  const today = await todayOf(db, organizationId, now);
  const [config, organizationName] = await Promise.all([
    getConfig(db, access, kind),
    repository.findOrganizationName(db, organizationId),
  ]);
  const organization = { organizationId, organizationName };
  if (kind === 'BIRTHDAY') {
    const customer = await birthdayOccasion(db, access, id, date, today);
    return { occasion: birthdayOccasionOf(organization, customer, date, config.template), config };
  }
  const reminder = await reminderCycle(db, access, id, date, today);
  return {
    occasion: reminderOccasionOf(organization, reminder, reminderText(config, reminder, today)),
    config,
  };
}

/** The message just written (the newest of `ids`), as the API answers it. */
async function readMessage(db: Database, access: OrgAccess, kind: MessageKind, ids: string[]) {
  const [row] = await repository.listMessages(db, access.organizationId, { kinds: [kind], ids, limit: 1 });
  if (!row) throw new AppError('NOT_FOUND');
  return toMessage(row);
}

/** Staff sent it outside the app: the occasion is claimed, so the daily job will not send it again. */
export async function markSent(
  db: Database,
  access: OrgAccess,
  kind: EventKind,
  id: string,
  input: MarkEventSentInput,
  actor: Actor,
): Promise<EventMessage> {
  const { occasion } = await resolveOccasion(db, access, kind, id, input.occasionDate, actor.now);
  const ids = await markDelivered(db, occasion, { source: 'MARKED', actorId: actor.userId, at: actor.now });
  if (!ids) throw new AppError('EVENT_ALREADY_SENT');
  return readMessage(db, access, kind, ids);
}

/** Send one occasion's message by hand on one channel; refused before anything is claimed when it cannot go. */
export async function sendEvent(
  db: Database,
  senders: Senders,
  access: OrgAccess,
  kind: EventKind,
  id: string,
  input: SendEventInput,
  actor: Actor,
): Promise<EventMessage> {
  const { occasion, config } = await resolveOccasion(db, access, kind, id, input.occasionDate, actor.now);
  if (!config.savedAt) throw new AppError('EVENT_NOT_CONFIGURED');
  if (!recipientFor(input.channel, occasion.customer))
    throw new AppError('EVENT_RECIPIENT_MISSING', undefined, { channel: input.channel });
  // E-mail without SMTP would only wait in the outbox, so a member is told, not left with a row reading sent.
  if (isUnavailable(senders, input.channel))
    throw new AppError(
      input.channel === 'EMAIL' ? 'EVENT_EMAIL_NOT_CONFIGURED' : 'EVENT_CHANNEL_NOT_CONFIGURED',
      undefined,
      { channel: input.channel },
    );
  const how: How = { source: 'MANUAL', actorId: actor.userId, at: actor.now };
  const delivery = await deliver(db, occasion, [input.channel], how, senders).catch((error: unknown) => {
    if (!(error instanceof EmailFailed)) throw error;
    console.error('[events] sending by hand failed:', error.message);
    throw new AppError('EVENT_EMAIL_FAILED');
  });
  if (delivery.outcome === 'ALREADY_CLAIMED') throw new AppError('EVENT_ALREADY_SENT');
  // Not reached after the checks above; a channel that took nothing still must not answer "sent".
  if (delivery.outcome === 'UNDELIVERABLE')
    throw new AppError('EVENT_RECIPIENT_MISSING', undefined, { channel: input.channel });
  return readMessage(db, access, kind, delivery.messageIds);
}

/**
 * A message the job left in the outbox went out by a member's hand (the WhatsApp link they opened, an
 * e-mail they sent themselves). Who and when go to the audit log; the message keeps its own time.
 */
export async function markMessageSent(
  db: Database,
  access: OrgAccess,
  messageId: string,
  actor: Actor,
): Promise<EventMessage> {
  const { organizationId } = access;
  const found = isUuid(messageId) ? await repository.findMessage(db, organizationId, messageId) : null;
  if (!found || !kindAccess(access, found.kind).canView) throw new AppError('EVENT_MESSAGE_NOT_FOUND');
  if (!kindAccess(access, found.kind).canManage) throw new AppError('FORBIDDEN');
  const isMarked = await db.transaction(async (tx) => {
    if (!(await repository.markMessageSent(tx, organizationId, messageId))) return false;
    await recordAudit(tx, {
      organizationId,
      actorId: actor.userId,
      action: 'event_message.sent',
      entityType: 'event_message',
      entityId: messageId,
      ipAddress: actor.ipAddress,
      at: actor.now,
    });
    return true;
  });
  if (!isMarked) throw new AppError('EVENT_MESSAGE_NOT_IN_OUTBOX');
  return readMessage(db, access, found.kind, [messageId]);
}

export function toMessage(row: repository.MessageRow): EventMessage {
  return { ...row, at: row.at.toISOString() };
}

/** The messages other features send about a customer's sessions. */
const SESSION_MESSAGE_KINDS: readonly MessageKind[] = [
  'WAITLIST_OFFER',
  'CLASS_LINK',
  'TRIAL_BOOKED',
  'CLASS_REMINDER',
  'CLASS_CHANGED',
];

/**
 * What the member may do with a kind's messages, as the routes of that kind demand (decision 016): birthdays
 * with the customers (anywhere), payment reminders with the payments (organization-wide). Waitlist offers
 * (decision 024), class links (decision 025), trial confirmations (decision 045), class reminders and
 * notices (decision 050) are read with the customers and sent by whoever manages attendance or customers.
 */
function kindAccess(access: OrgAccess, kind: MessageKind) {
  const { profile } = access;
  if (SESSION_MESSAGE_KINDS.includes(kind))
    return {
      canView: canAny(profile, 'VIEW_CUSTOMERS') || canAny(profile, 'MANAGE_ATTENDANCE'),
      canManage: canAny(profile, 'MANAGE_ATTENDANCE') || canAny(profile, 'MANAGE_CUSTOMERS'),
    };
  if (kind === 'BIRTHDAY')
    return { canView: canAny(profile, 'VIEW_CUSTOMERS'), canManage: canAny(profile, 'MANAGE_CUSTOMERS') };
  const org = { scope: 'ORG' } as const;
  return { canView: can(profile, 'VIEW_PAYMENTS', org), canManage: can(profile, 'MANAGE_PAYMENTS', org) };
}

/** The kinds whose messages the member may read. */
function readableKinds(access: OrgAccess): MessageKind[] {
  return MESSAGE_KINDS.filter((kind) => kindAccess(access, kind).canView);
}

/** The messages as the API answers them, each WhatsApp one sent through the Cloud API with its status. */
async function withWhatsAppStatuses(db: Database, organizationId: string, rows: repository.MessageRow[]) {
  const ids = rows.filter((row) => row.channel === 'WHATSAPP').map((row) => row.id);
  const statuses = await whatsAppStatusesOf(db, organizationId, ids);
  return {
    items: rows.map((row) => ({ ...toMessage(row), whatsApp: statuses.get(row.id) ?? null })),
  };
}

export async function listCustomerMessages(db: Database, access: OrgAccess, customerId: string) {
  const customer = isUuid(customerId)
    ? await repository.findCustomer(db, access.organizationId, customerId)
    : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  const rows = await repository.listMessages(db, access.organizationId, {
    kinds: readableKinds(access),
    customerId,
    limit: 200,
  });
  return withWhatsAppStatuses(db, access.organizationId, rows);
}

/** The newest messages of the kinds still waiting in the outbox. */
export async function listOutbox(db: Database, access: OrgAccess, kinds: MessageKind[]) {
  const rows = await repository.listMessages(db, access.organizationId, {
    kinds,
    status: 'OUTBOX',
    limit: 100,
  });
  return withWhatsAppStatuses(db, access.organizationId, rows);
}

/**
 * The newest messages sent through the WhatsApp Cloud API (decision 052) of the kinds the member may read,
 * with Meta's statuses: the events screen's "Sent on WhatsApp".
 */
export async function listWhatsAppSent(db: Database, access: OrgAccess) {
  const rows = await repository.listMessages(db, access.organizationId, {
    kinds: readableKinds(access),
    viaCloudApi: true,
    limit: 100,
  });
  return withWhatsAppStatuses(db, access.organizationId, rows);
}
