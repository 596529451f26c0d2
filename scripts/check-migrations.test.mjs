import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASELINE, contractionsWithoutMarker, migrationsAfterBaseline } from './check-migrations.mjs';

// Decision 047: a migration may not take away what the release before it still uses, unless it says which
// release stopped using it.
const objects = (sql) => contractionsWithoutMarker(sql).map(({ what, object }) => `${what} ${object}`);

describe('contractionsWithoutMarker', () => {
  it('lets a migration that only adds through', () => {
    expect(
      objects(`CREATE TABLE "waitlist" ("id" uuid PRIMARY KEY, "name" text NOT NULL);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "nickname" text;--> statement-breakpoint
CREATE INDEX "customers_nickname_idx" ON "customers" USING btree ("nickname");`),
    ).toEqual([]);
  });

  it('refuses each kind of contraction on what the previous release has', () => {
    expect(
      objects(`DROP TABLE "old_notes" CASCADE;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "customers" RENAME COLUMN "phone" TO "mobile";--> statement-breakpoint
ALTER TABLE "plans" RENAME TO "price_plans";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE public.enrollments ALTER COLUMN renewal TYPE text;--> statement-breakpoint
ALTER TABLE "event_deliveries" ALTER COLUMN "channel" SET NOT NULL;`),
    ).toEqual([
      'DROP TABLE old_notes',
      'DROP COLUMN customers.search_text',
      'RENAME customers.phone',
      'RENAME plans',
      'ALTER … TYPE payments.amount',
      'ALTER … TYPE enrollments.renewal',
      'SET NOT NULL event_deliveries.channel',
    ]);
  });

  it('finds a contraction among the actions of one ALTER TABLE', () => {
    expect(
      objects('ALTER TABLE "customers" ADD COLUMN "mobile" text, DROP COLUMN IF EXISTS "phone";'),
    ).toEqual(['DROP COLUMN customers.phone']);
  });

  it('lets through a statement on a table or column the same migration added before it', () => {
    expect(
      objects(`CREATE TABLE "waitlist" ("id" uuid PRIMARY KEY, "note" text);--> statement-breakpoint
ALTER TABLE "waitlist" ALTER COLUMN "note" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "nickname" text;--> statement-breakpoint
ALTER TABLE "customers" RENAME COLUMN "nickname" TO "called";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consented" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "consented" SET NOT NULL;`),
    ).toEqual([]);
  });

  it('refuses a new column made NOT NULL without a default: the previous release inserts without it', () => {
    expect(
      objects(`ALTER TABLE "customers" ADD COLUMN "consented_at" timestamp;--> statement-breakpoint
UPDATE "customers" SET "consented_at" = now();--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "consented_at" SET NOT NULL;`),
    ).toEqual(['SET NOT NULL without a DEFAULT customers.consented_at']);
  });

  it('refuses a column dropped and then added again (what the previous release had is gone)', () => {
    expect(
      objects(`ALTER TABLE "customers" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("last_name")) STORED;`),
    ).toEqual(['DROP COLUMN customers.search_text']);
  });

  it('does not take dropping a constraint or an index for dropping a column', () => {
    expect(
      objects(`ALTER TABLE "customers" DROP CONSTRAINT "customers_email_unique";--> statement-breakpoint
DROP INDEX "customers_email_idx";`),
    ).toEqual([]);
  });

  it('lets a contraction through when the file names its object and the release that stopped using it', () => {
    const sql = `-- contract: customers.search_text unused since 2026.12
ALTER TABLE "customers" DROP COLUMN "search_text";--> statement-breakpoint
-- contract: old_notes unused since 2026.11
DROP TABLE "old_notes";`;
    expect(objects(sql)).toEqual([]);
  });

  it('refuses a marker that names another object, or no release', () => {
    expect(
      objects(`-- contract: customers.phone unused since 2026.12
-- contract: customers.search_text unused since
ALTER TABLE "customers" DROP COLUMN "search_text";`),
    ).toEqual(['DROP COLUMN customers.search_text']);
  });

  it('is not fooled by a contraction inside a comment', () => {
    expect(objects('-- we will DROP TABLE "customers" one day\nSELECT 1;')).toEqual([]);
  });
});

describe('migrationsAfterBaseline', () => {
  it('reads only the migrations after the baseline', () => {
    const folder = mkdtempSync(join(tmpdir(), 'reformer-migrations-'));
    try {
      for (const name of ['0029_x.sql', BASELINE, '0031_waitlist.sql', '0032_more.sql', 'notes.md']) {
        writeFileSync(join(folder, name), '');
      }
      expect(migrationsAfterBaseline(folder)).toEqual(['0031_waitlist.sql', '0032_more.sql']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
