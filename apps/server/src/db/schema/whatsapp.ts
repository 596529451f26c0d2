import { WHATSAPP_STATUSES } from '@reformer/domain/whatsapp';
import { WHATSAPP_CONSENT_SOURCES } from '@reformer/domain/whatsapp-consent';
import { WHATSAPP_SEND_STATES } from '@reformer/domain/whatsapp-sending';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { eventMessages } from './events.ts';
import { organizations } from './organizations.ts';

export const whatsappStatusEnum = pgEnum('whatsapp_status', WHATSAPP_STATUSES);
export const whatsappConsentSourceEnum = pgEnum('whatsapp_consent_source', WHATSAPP_CONSENT_SOURCES);
export const whatsappSendStateEnum = pgEnum('whatsapp_send_state', WHATSAPP_SEND_STATES);

/**
 * An organization's WhatsApp Business number on Meta's Cloud API (decision 049), one per organization. Columns
 * ending in `_sealed` hold AES-256-GCM envelopes (lib/secret-box.ts) bound to this table, the column and the
 * organization; lib/sealed-columns.ts lists them. The API never answers them.
 */
export const whatsappConnections = pgTable('whatsapp_connections', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  apiBaseUrl: text('api_base_url').notNull(),
  phoneNumberId: text('phone_number_id').notNull(),
  wabaId: text('waba_id').notNull(),
  accessTokenSealed: text('access_token_sealed').notNull(),
  appSecretSealed: text('app_secret_sealed').notNull(),
  /**
   * The secret of our webhook URL (`…/whatsapp-webhooks/{organization id}/{secret}`), which is also the verify
   * token of Meta's handshake: the organization's id finds the row, the secret is compared in constant time.
   */
  webhookSecretSealed: text('webhook_secret_sealed').notNull(),
  displayPhoneNumber: text('display_phone_number').notNull(),
  verifiedName: text('verified_name').notNull(),
  messagingTier: text('messaging_tier'),
  webhookRegisteredAt: timestamp('webhook_registered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The prices per message the studio pays Meta (decision 053), in integer micro-dollars; a null column is Meta's
 * Brazilian list price (domain whatsapp-costs.ts). A row of its own: the studio may set them before, or
 * without, connecting a number, and disconnecting keeps them.
 */
export const whatsappPrices = pgTable(
  'whatsapp_prices',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    utilityMicroDollars: integer('utility_micro_dollars'),
    marketingMicroDollars: integer('marketing_micro_dollars'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'whatsapp_prices_range',
      sql`(${table.utilityMicroDollars} IS NULL OR ${table.utilityMicroDollars} BETWEEN 0 AND 1000000) AND (${table.marketingMicroDollars} IS NULL OR ${table.marketingMicroDollars} BETWEEN 0 AND 1000000)`,
    ),
  ],
);

/** A message we sent through the Cloud API, with the latest status Meta reported (only ever forward). */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** Meta's message id (`wamid.…`). */
    wamid: text('wamid').notNull(),
    /** Null for the settings' test message. */
    customerId: uuid('customer_id'),
    toPhone: text('to_phone').notNull(),
    waId: text('wa_id'),
    templateName: text('template_name').notNull(),
    language: text('language').notNull(),
    status: whatsappStatusEnum('status').notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    unique('whatsapp_messages_wamid_key').on(table.organizationId, table.wamid),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }).onDelete('cascade'),
    index('whatsapp_messages_sent_idx').on(table.organizationId, table.sentAt),
  ],
);

/**
 * Each status webhook once (ARCHITECTURE §9): a repeat of (message, status) inserts nothing and changes
 * nothing. Statuses of messages we do not know (sent by another system on the same number) are not kept.
 */
export const whatsappMessageStatuses = pgTable(
  'whatsapp_message_statuses',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    wamid: text('wamid').notNull(),
    status: whatsappStatusEnum('status').notNull(),
    /** Meta's timestamp of the status. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Meta's error of a `failed` status. */
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    /**
     * The recipient's `wa_id` as the status names it: a send cut off by a crash after Meta accepted it is
     * matched to its message by the recipient (decision 052).
     */
    recipientId: text('recipient_id'),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.wamid, table.status] })],
);

/**
 * A customer's WhatsApp opt-in (issue #32): whether the studio may message them on WhatsApp, where that came
 * from and when, and the `wa_id` Meta gave their number (stored at the first delivery; inbound replies are
 * matched by it). Marketing consent is decision 043's MARKETING_MESSAGES, not repeated here.
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    /** Null (with source and time): never asked, the row only keeps the `wa_id` a delivery taught us. */
    isOptedIn: boolean('is_opted_in'),
    source: whatsappConsentSourceEnum('source'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    waId: text('wa_id'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.customerId] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }).onDelete('cascade'),
    index('whatsapp_consents_wa_id_idx').on(table.organizationId, table.waId),
    check(
      'whatsapp_consents_answer_check',
      sql`(${table.isOptedIn} is null) = (${table.source} is null) and (${table.isOptedIn} is null) = (${table.changedAt} is null)`,
    ),
  ],
);

/**
 * An event message on its way through the Cloud API (decision 052): one per message, written in the claim's
 * transaction (so a change that rolls back queues nothing), sent by the WhatsApp job within the number's
 * limits, retried with backoff, and given up to the outbox (the wa.me link) when Meta refuses it for good.
 * `wamid` links it to its `whatsapp_messages` row once Meta accepted it.
 */
export const whatsappSends = pgTable(
  'whatsapp_sends',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    eventMessageId: uuid('event_message_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** The template's kind (domain whatsapp-templates.ts), its language and what fills its placeholders. */
    templateKind: text('template_kind').notNull(),
    language: text('language').notNull(),
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    toPhone: text('to_phone').notNull(),
    state: whatsappSendStateEnum('state').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** When the attempt in flight (SENDING) began: past the lease, a crash left it (SENDING_LEASE_MS). */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    /** The last failure's code (WHATSAPP_FAILURES) and Meta's error code, for the screen. */
    lastFailure: text('last_failure'),
    lastMetaCode: integer('last_meta_code'),
    wamid: text('wamid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    unique('whatsapp_sends_event_message_key').on(table.organizationId, table.eventMessageId),
    foreignKey({
      columns: [table.organizationId, table.eventMessageId],
      foreignColumns: [eventMessages.organizationId, eventMessages.id],
    }).onDelete('cascade'),
    // The job's question: what is due now, per organization.
    index('whatsapp_sends_due_idx').on(table.organizationId, table.state, table.nextAttemptAt),
  ],
);
