import {
  type DeliveryChannel,
  EVENT_CHANNELS,
  EVENT_MESSAGE_STATUSES,
  EVENT_SOURCES,
  type EventChannel,
  type EventKind,
  MESSAGE_KINDS,
} from '@reformer/domain/events';
import { EVENT_TIMINGS } from '@reformer/domain/events-occasions';
import {
  boolean,
  date,
  foreignKey,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';

/** Every message kind: the configurable events and the messages of other features (a waitlist offer). */
export const eventKindEnum = pgEnum('event_kind', MESSAGE_KINDS);
export const eventChannelEnum = pgEnum('event_channel', EVENT_CHANNELS);
export const eventTimingEnum = pgEnum('event_timing', EVENT_TIMINGS);
export const eventSourceEnum = pgEnum('event_source', EVENT_SOURCES);
export const eventMessageStatusEnum = pgEnum('event_message_status', EVENT_MESSAGE_STATUSES);

/**
 * One configuration per organization and kind. `lastRunOn` is the organization's local date whose daily run
 * finished every occasion; an interrupted run leaves it, so the next run takes up what is left.
 */
export const eventConfigs = pgTable(
  'event_configs',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Only the configurable kinds have a configuration.
    kind: eventKindEnum('kind').$type<EventKind>().notNull(),
    enabled: boolean('enabled').notNull(),
    timing: eventTimingEnum('timing').notNull(),
    days: smallint('days').notNull(),
    sendTime: time('send_time').notNull(),
    channels: jsonb('channels').$type<EventChannel[]>().notNull(),
    template: text('template').notNull(),
    overdueTemplate: text('overdue_template'),
    lastRunOn: date('last_run_on'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.kind] })],
);

/**
 * The claim of one occasion on one channel: a birthday (occasion "2027-03-15") or a billing cycle (occasion
 * "<enrollment id>:2027-03-01"). Its unique key is what makes a message go out at most once per customer,
 * kind, occasion and channel — whichever of the daily job, a second server or a member's Send inserts it
 * first. A member's "mark as sent" claims the channel MARKED, which closes the occasion on every channel.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    kind: eventKindEnum('kind').notNull(),
    occasion: text('occasion').notNull(),
    occasionDate: date('occasion_date').notNull(),
    enrollmentId: uuid('enrollment_id'),
    // Text, not the message's channel enum: MARKED is a claim of the occasion, never a message's channel.
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    source: eventSourceEnum('source').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('event_deliveries_occasion_channel_idx').on(
      table.organizationId,
      table.customerId,
      table.kind,
      table.occasion,
      table.channel,
    ),
    // The upcoming lists look up the occasions of a window.
    index('event_deliveries_kind_date_idx').on(table.organizationId, table.kind, table.occasionDate),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
  ],
);

/**
 * Each message of a delivery, per channel, with what became of it; a MARKED delivery has one row without a
 * channel. The outbox is the OUTBOX rows. The text is kept so staff can see what went out (and send it).
 */
export const eventMessages = pgTable(
  'event_messages',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    deliveryId: uuid('delivery_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    kind: eventKindEnum('kind').notNull(),
    channel: eventChannelEnum('channel'),
    status: eventMessageStatusEnum('status').notNull(),
    recipient: text('recipient'),
    subject: text('subject'),
    body: text('body'),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.deliveryId],
      foreignColumns: [eventDeliveries.organizationId, eventDeliveries.id],
    }).onDelete('cascade'),
    // A customer's history, newest first; the outbox of a kind, newest first.
    index('event_messages_customer_idx').on(table.organizationId, table.customerId, table.createdAt),
    index('event_messages_status_idx').on(table.organizationId, table.status, table.kind, table.createdAt),
  ],
);

/**
 * Class reminders and the notices of a moved or cancelled session (decision 050), one row per organization;
 * none: the domain's defaults. `reminder_hours` 0 turns reminders off.
 */
export const eventClassNoticeSettings = pgTable('event_class_notice_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  reminderHours: smallint('reminder_hours').notNull(),
  reminderChannels: jsonb('reminder_channels').$type<EventChannel[]>().notNull(),
  changeNoticeEnabled: boolean('change_notice_enabled').notNull(),
  changeChannels: jsonb('change_channels').$type<EventChannel[]>().notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
