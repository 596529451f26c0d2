import {
  CERTIFICATE_FORMATS,
  PSP_ENVIRONMENTS,
  PSP_PRESETS,
  RECEIVER_ACCOUNT_TYPES,
} from '@reformer/domain/pix-psp';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

export const pspPresetEnum = pgEnum('psp_preset', PSP_PRESETS);
export const pspEnvironmentEnum = pgEnum('psp_environment', PSP_ENVIRONMENTS);
export const pspCertificateFormatEnum = pgEnum('psp_certificate_format', CERTIFICATE_FORMATS);
export const receiverAccountTypeEnum = pgEnum('receiver_account_type', RECEIVER_ACCOUNT_TYPES);

/**
 * An organization's connection to its PSP's API Pix (decision 027), one per organization. Columns ending in
 * `_sealed` hold AES-256-GCM envelopes (lib/secret-box.ts), bound to this table, the column and the
 * organization; lib/sealed-columns.ts lists them for start-up and key rotation. The API never answers them.
 */
export const pixPspConnections = pgTable(
  'pix_psp_connections',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    preset: pspPresetEnum('preset').notNull(),
    environment: pspEnvironmentEnum('environment').notNull(),
    baseUrl: text('base_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    scopes: text('scopes').notNull(),
    clientId: text('client_id').notNull(),
    /** Null for a PSP without one (Sicoob). */
    clientSecretSealed: text('client_secret_sealed'),
    certificateFormat: pspCertificateFormatEnum('certificate_format').notNull(),
    /** PEM text, or the PFX bytes. */
    certificateSealed: text('certificate_sealed').notNull(),
    certificatePasswordSealed: text('certificate_password_sealed'),
    certificateSubject: text('certificate_subject').notNull(),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }).notNull(),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    pixKey: text('pix_key').notNull(),
    chargeDaysAhead: integer('charge_days_ahead').notNull(),
    /** Hundredths of a percent: 200 is 2 %. */
    fineBasisPoints: integer('fine_basis_points').notNull(),
    interestBasisPointsMonthly: integer('interest_basis_points_monthly').notNull(),
    discountBasisPoints: integer('discount_basis_points'),
    discountDaysBefore: integer('discount_days_before'),
    /**
     * The receiving company and the account Pix Automático's charges credit (decision 048): all null when the
     * studio does not use it. Not secret: the PSP is told them on every charge.
     */
    receiverCnpj: text('receiver_cnpj'),
    receiverBranch: text('receiver_branch'),
    receiverAccount: text('receiver_account'),
    receiverAccountType: receiverAccountTypeEnum('receiver_account_type'),
    /**
     * The path secret of the PSP's webhook URL (`.../{organization id}/{secret}`): the organization's id finds
     * the row, the secret (compared in constant time) proves the call comes from whom the URL was given to.
     */
    webhookSecretSealed: text('webhook_secret_sealed').notNull(),
    webhookSecretRotatedAt: timestamp('webhook_secret_rotated_at', { withTimezone: true }).notNull(),
    /** Up to when reconciliation has read `GET /pix` (decision 030); null before its first run. */
    reconciledUntil: timestamp('reconciled_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The rules of the domain (pix-psp.ts), held by the database too: CDC art. 52 §1 and the 1 %.
    check('pix_psp_connections_fine_check', sql`${table.fineBasisPoints} between 0 and 200`),
    check('pix_psp_connections_interest_check', sql`${table.interestBasisPointsMonthly} between 0 and 100`),
    check('pix_psp_connections_days_ahead_check', sql`${table.chargeDaysAhead} between 1 and 30`),
    check(
      'pix_psp_connections_discount_check',
      sql`(${table.discountBasisPoints} is null) = (${table.discountDaysBefore} is null)`,
    ),
    check(
      'pix_psp_connections_receiver_check',
      sql`(${table.receiverCnpj} is null) = (${table.receiverAccount} is null) and (${table.receiverCnpj} is null) = (${table.receiverAccountType} is null) and (${table.receiverCnpj} is not null or ${table.receiverBranch} is null)`,
    ),
  ],
);
