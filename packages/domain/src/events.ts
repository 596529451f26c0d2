import { z } from 'zod';
import { EVENT_TIMINGS } from './events-occasions.ts';
import {
  BIRTHDAY_PLACEHOLDERS,
  PAYMENT_REMINDER_PLACEHOLDERS,
  unknownPlaceholders,
} from './events-templates.ts';
import { Currency } from './money.ts';
import { isTimeOfDay, LocalDate, TimeOfDay } from './time-zones.ts';
import { V } from './validation.ts';
import { EventWhatsAppStatus } from './whatsapp-sending.ts';

/** Birthday messages and payment reminders (issue #13, spec document 2 §2, §3). */
export const EVENT_KINDS = ['BIRTHDAY', 'PAYMENT_REMINDER'] as const;
export const EventKind = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof EventKind>;

/**
 * What a message of the history and the outbox is about: the configurable event kinds, and messages other
 * features send through the same delivery (a waitlist offer, decision 024; a customer's class link, decision
 * 025), which have no configuration of this shape; class reminders and notices of a moved or cancelled
 * session (decision 050) have their own settings.
 */
export const MESSAGE_KINDS = [
  ...EVENT_KINDS,
  'WAITLIST_OFFER',
  'CLASS_LINK',
  'TRIAL_BOOKED',
  'CLASS_REMINDER',
  'CLASS_CHANGED',
] as const;
export const MessageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKind>;

export const EVENT_CHANNELS = ['EMAIL', 'WHATSAPP', 'SMS'] as const;
export const EventChannel = z.enum(EVENT_CHANNELS, V.option);
export type EventChannel = z.infer<typeof EventChannel>;

/** What an occasion is claimed on: a channel, or MARKED (sent outside the app), which closes every channel. */
export type DeliveryChannel = EventChannel | 'MARKED';

export const EventTiming = z.enum(EVENT_TIMINGS, V.option);

/** How a message of an occasion came about: the daily job, a member's Send, or a member's "mark as sent". */
export const EVENT_SOURCES = ['AUTOMATIC', 'MANUAL', 'MARKED'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/**
 * What became of one message: SENT (e-mail accepted by SMTP, WhatsApp opened by a member), OUTBOX (an e-mail
 * without SMTP, or an automatic WhatsApp message waiting for a member to open it), NOT_CONFIGURED (SMS
 * without a provider), NO_RECIPIENT (no e-mail or phone to send to), MARKED (sent outside the app).
 */
export const EVENT_MESSAGE_STATUSES = [
  'SENT',
  'OUTBOX',
  'NOT_CONFIGURED',
  'NO_RECIPIENT',
  'MARKED',
  /** On its way through the WhatsApp Cloud API (decision 052): the WhatsApp job sends it. */
  'QUEUED',
] as const;
export type EventMessageStatus = (typeof EVENT_MESSAGE_STATUSES)[number];

/** Spec §9: the upcoming lists look 30 days ahead; the API takes up to 90. */
export const UPCOMING_EVENT_DAYS = 30;
export const EVENT_DAYS = { min: 1, max: 30 } as const;
export const TEMPLATE_MAX_LENGTH = 1000;

/** Validation keys of this feature (translated under `validation.*` like the shared ones). */
export const EVENT_VALIDATION = {
  unknownPlaceholder: 'validation.unknownPlaceholder',
  channelsRequired: 'validation.channelsRequired',
  sendTimeStep: 'validation.sendTimeStep',
} as const;

/**
 * The events job runs every 5 minutes (apps/server/src/jobs/job-definitions.ts) and sends once the local
 * time has reached the send time: a time off the step would go out late, and one after 23:55 never.
 */
export const SEND_TIME_STEP_MINUTES = 5;

/** Whether a send time falls on a run of the job; a malformed time is left to the format check. */
export function isOnSendTimeStep(time: string): boolean {
  return !isTimeOfDay(time) || Number(time.slice(3, 5)) % SEND_TIME_STEP_MINUTES === 0;
}

function template(placeholders: readonly string[]) {
  return z
    .string(V.required)
    .trim()
    .min(1, V.required)
    .max(TEMPLATE_MAX_LENGTH, V.max)
    .refine(
      (text) => unknownPlaceholders(text, placeholders).length === 0,
      EVENT_VALIDATION.unknownPlaceholder,
    );
}

const configFields = {
  enabled: z.boolean(V.required),
  timing: EventTiming,
  /** Days before or after the occasion; ignored (stored as 0) on the day. */
  days: z.number(V.number).int(V.number).min(0, V.outOfRange).max(EVENT_DAYS.max, V.outOfRange),
  /** The organization's local time at which the day's messages go out. */
  sendTime: TimeOfDay.refine(isOnSendTimeStep, EVENT_VALIDATION.sendTimeStep),
  channels: z
    .array(EventChannel)
    .max(EVENT_CHANNELS.length, V.max)
    .transform((channels) => EVENT_CHANNELS.filter((channel) => channels.includes(channel))),
};

type ConfigShape = { enabled: boolean; timing: string; days: number; channels: readonly string[] };

function checkConfig(config: ConfigShape, ctx: z.RefinementCtx) {
  if (config.timing !== 'ON_DAY' && config.days < EVENT_DAYS.min)
    ctx.addIssue({ code: 'custom', path: ['days'], message: V.outOfRange });
  if (config.enabled && config.channels.length === 0)
    ctx.addIssue({ code: 'custom', path: ['channels'], message: EVENT_VALIDATION.channelsRequired });
}

const onTheDay = <T extends { timing: string; days: number }>(config: T): T =>
  config.timing === 'ON_DAY' ? { ...config, days: 0 } : config;

export const BirthdayConfigInput = z
  .object({ ...configFields, template: template(BIRTHDAY_PLACEHOLDERS) })
  .superRefine(checkConfig)
  .transform(onTheDay);
export type BirthdayConfigInput = z.input<typeof BirthdayConfigInput>;
export type BirthdayConfigValues = z.output<typeof BirthdayConfigInput>;

/** The overdue template is used for cycles already overdue (timing AFTER, or sending by hand; decision 035). */
export const PaymentReminderConfigInput = z
  .object({
    ...configFields,
    template: template(PAYMENT_REMINDER_PLACEHOLDERS),
    overdueTemplate: template(PAYMENT_REMINDER_PLACEHOLDERS),
  })
  .superRefine(checkConfig)
  .transform(onTheDay);
export type PaymentReminderConfigInput = z.input<typeof PaymentReminderConfigInput>;
export type PaymentReminderConfigValues = z.output<typeof PaymentReminderConfigInput>;

/** A kind's configuration as stored; `savedAt` null: never saved (disabled, no template yet). */
export const EventConfig = z.object({
  kind: EventKind,
  enabled: z.boolean(),
  timing: EventTiming,
  days: z.number().int(),
  sendTime: z.string(),
  channels: z.array(EventChannel),
  template: z.string(),
  overdueTemplate: z.string().nullable(),
  savedAt: z.string().nullable(),
});
export type EventConfig = z.infer<typeof EventConfig>;

/** GET …/events/birthdays and …/payment-reminders: how far ahead to look (spec §9: 30 days). */
export const UpcomingEventsQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(UPCOMING_EVENT_DAYS),
});
export type UpcomingEventsQuery = z.infer<typeof UpcomingEventsQuery>;

/** What was done about a row's occasion, once: automatically, by hand, or marked as sent. */
export const EventSent = z.object({
  at: z.string(),
  source: z.enum(EVENT_SOURCES),
  channels: z.array(EventChannel),
  byName: z.string().nullable(),
});
export type EventSent = z.infer<typeof EventSent>;

/**
 * Where a row's messages can go (the WhatsApp number in international digits, whether there is an e-mail),
 * and what became of its occasion: `sent` once a message reached the customer or a member marked it, and the
 * channels whose message is `waiting` in the outbox — which leave the other channels free (decision 032).
 */
const occasionFields = {
  hasEmail: z.boolean(),
  whatsAppNumber: z.string().nullable(),
  sent: EventSent.nullable(),
  waiting: z.array(EventChannel),
};

export const BirthdayEvent = z.object({
  customerId: z.string(),
  customerName: z.string(),
  dateOfBirth: z.string(),
  /** The occasion: the birthday in the window. */
  birthday: z.string(),
  daysUntil: z.number().int(),
  age: z.number().int(),
  ...occasionFields,
});
export type BirthdayEvent = z.infer<typeof BirthdayEvent>;

export const PaymentReminderEvent = z.object({
  enrollmentId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  planName: z.string(),
  /** The occasion: the cycle's due date (its first day). */
  dueDate: z.string(),
  /** The due date, or the next business day when it is a weekend or bank holiday: overdue after it. */
  payableUntil: z.string(),
  amountCents: z.number().int(),
  currency: Currency,
  /** Negative when overdue. */
  daysUntilDue: z.number().int(),
  isOverdue: z.boolean(),
  ...occasionFields,
});
export type PaymentReminderEvent = z.infer<typeof PaymentReminderEvent>;

/** The channels the server sends itself, so its configuration can lack them; WhatsApp is a link a member opens. */
export const ServerChannel = z.enum(['EMAIL', 'SMS']);
export type ServerChannel = z.infer<typeof ServerChannel>;

/** `unavailableChannels`: what a Send by hand refuses on this server (e-mail without SMTP, SMS without a provider). */
const listFields = { today: z.string(), days: z.number().int(), unavailableChannels: z.array(ServerChannel) };
export const BirthdayEventList = z.object({ ...listFields, items: z.array(BirthdayEvent) });
export type BirthdayEventList = z.infer<typeof BirthdayEventList>;
export const PaymentReminderEventList = z.object({ ...listFields, items: z.array(PaymentReminderEvent) });
export type PaymentReminderEventList = z.infer<typeof PaymentReminderEventList>;

/** Mark as sent: the occasion is the row's birthday or due date. */
export const MarkEventSentInput = z.object({ occasionDate: LocalDate });
export type MarkEventSentInput = z.infer<typeof MarkEventSentInput>;

export const SendEventInput = z.object({ occasionDate: LocalDate, channel: EventChannel });
export type SendEventInput = z.infer<typeof SendEventInput>;

/** One message of the history (per customer) or the outbox. */
export const EventMessage = z.object({
  id: z.string(),
  kind: MessageKind,
  customerId: z.string(),
  customerName: z.string(),
  occasionDate: z.string(),
  source: z.enum(EVENT_SOURCES),
  /** Null for a MARKED occasion: sent outside the app. */
  channel: EventChannel.nullable(),
  status: z.enum(EVENT_MESSAGE_STATUSES),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  /** The wa.me link of a WhatsApp message. */
  link: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
  /** A WhatsApp message through the Cloud API (decision 052): where it is, as Meta reported it. */
  whatsApp: EventWhatsAppStatus.nullable().optional(),
});
export type EventMessage = z.infer<typeof EventMessage>;

export const EventMessageList = z.object({ items: z.array(EventMessage) });
export type EventMessageList = z.infer<typeof EventMessageList>;

/** The answer of Send: the message as recorded (for WhatsApp, its link). */
export const SendEventResult = EventMessage;
export type SendEventResult = EventMessage;
