import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tenantTables } from '../db/row-level-security.ts';
import { withDatabase } from '../test/global-setup.ts';
import { generateBackupKeyPair } from './backup-keys.ts';
import { withClient } from './database-tables.ts';
import { writeLogicalBackup } from './logical-backup.ts';
import { applyMigrations, knownMigrations } from './migrations.ts';
import { restoreBackup } from './restore-backup.ts';

/**
 * A backup made by an older Reformer (decision 036): its database is loaded at its own migration, then the
 * later migrations run over its rows — here 0018, which splits a delivery sent on two channels into two.
 */

const serverUrl = inject('serverDatabaseUrl');
const suffix = randomUUID().replaceAll('-', '');
const older = `reformer_test_older_${suffix}`;
const restored = `reformer_test_older_restored_${suffix}`;
const folder = mkdtempSync(join(tmpdir(), 'reformer-older-backup-'));
const keys = generateBackupKeyPair();
const ids = { organization: randomUUID(), customer: randomUUID(), delivery: randomUUID() };
const messages = { email: randomUUID(), whatsapp: randomUUID() };

beforeAll(async () => {
  await withClient(serverUrl, async (admin) => {
    for (const name of [older, restored]) await admin.query(`create database ${name}`);
  });
  const known = knownMigrations();
  const upTo = known.findIndex((migration) => migration.tag === '0017_enrollment_renewals');
  await withClient(withDatabase(serverUrl, older), async (client) => {
    await client.query('begin');
    await applyMigrations(client, known.slice(0, upTo + 1));
    await client.query('commit');
    await client.query('insert into organizations (id, name) values ($1, $2)', [
      ids.organization,
      'Studio 2025',
    ]);
    await client.query(
      'insert into customers (organization_id, id, first_name, last_name) values ($1, $2, $3, $4)',
      [ids.organization, ids.customer, 'Ana', 'Antiga'],
    );
    await client.query(
      `insert into event_deliveries (organization_id, id, customer_id, kind, occasion, occasion_date, source, at)
       values ($1, $2, $3, 'BIRTHDAY', '2026', '2026-03-01', 'AUTOMATIC', now())`,
      [ids.organization, ids.delivery, ids.customer],
    );
    for (const [channel, id] of [
      ['EMAIL', messages.email],
      ['WHATSAPP', messages.whatsapp],
    ])
      await client.query(
        `insert into event_messages (organization_id, id, delivery_id, customer_id, kind, channel, status, created_at)
         values ($1, $2, $3, $4, 'BIRTHDAY', $5, 'SENT', now())`,
        [ids.organization, id, ids.delivery, ids.customer, channel],
      );
  });
});

afterAll(async () => {
  await withClient(serverUrl, async (admin) => {
    for (const name of [older, restored]) await admin.query(`drop database if exists ${name} with (force)`);
  });
  rmSync(folder, { recursive: true, force: true });
});

describe('restoring a backup of an older schema', () => {
  it('loads it at its migration, then runs the later migrations over its rows', async () => {
    const backup = await writeLogicalBackup({
      databaseUrl: withDatabase(serverUrl, older),
      databaseMode: 'server',
      folder,
      recipient: keys.publicKey,
      dataDirFiles: [],
    });
    expect(backup.manifest.migration?.tag).toBe('0017_enrollment_renewals');
    const databaseUrl = withDatabase(serverUrl, restored);
    await restoreBackup({
      file: backup.path,
      privateKey: keys.privateKey,
      target: { kind: 'database-url', databaseUrl, secretsDir: join(folder, 'secrets') },
    });
    await withClient(databaseUrl, async (client) => {
      const ledger = await client.query('select hash from drizzle.__drizzle_migrations order by created_at');
      expect(ledger.rows.map((row) => row.hash)).toEqual(
        knownMigrations().map((migration) => migration.hash),
      );
      const deliveries = await client.query(
        `select d.channel, m.id as message from event_deliveries d
           join event_messages m on m.organization_id = d.organization_id and m.delivery_id = d.id
          order by d.channel`,
      );
      expect(deliveries.rows).toEqual([
        { channel: 'EMAIL', message: messages.email },
        { channel: 'WHATSAPP', message: messages.whatsapp },
      ]);
      // The kept counts a later migration added (0044) cover the rows the backup brought.
      const counted = await client.query(
        'select sum(active)::int as active from customer_counts where organization_id = $1',
        [ids.organization],
      );
      expect(counted.rows).toEqual([{ active: 1 }]);
      // Walled as at start-up (decision 019), tables added by the later migrations included.
      expect((await tenantTables(client)).every((table) => table.walled && table.policy)).toBe(true);
    });
  });
});
