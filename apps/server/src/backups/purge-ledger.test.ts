import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from '../db/embedded-postgres/embedded-postgres.ts';
import { withDatabase } from '../test/global-setup.ts';
import { addCustomer, createStaffedOrganization, type StaffedOrganization } from '../test/studio.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { generateBackupKeyPair } from './backup-keys.ts';
import { withClient } from './database-tables.ts';
import { writeLogicalBackup } from './logical-backup.ts';
import { PURGE_LEDGER_FILE, readPurgeLedger, replayPurgeLedger } from './purge-ledger.ts';
import { restoreBackup } from './restore-backup.ts';

/**
 * The LGPD purge ledger (issue #28, decision 036): a customer purged after a backup is erased again when that
 * backup is restored — back only as the anonymised row — while the customers around them come back whole.
 */

const folder = mkdtempSync(join(tmpdir(), 'reformer-purge-ledger-'));
// Enterable by the `postgres` user when run as root, so the restored cluster lives in it and goes with it.
chmodSync(folder, 0o711);
const backupDir = join(folder, 'backups');
const restoredDatabase = `reformer_test_ledger_${randomUUID().replaceAll('-', '')}`;
let adminUrl: string;
let t: TestApp;
let studio: StaffedOrganization;
let backupFile: string;
const keys = generateBackupKeyPair();
let purged: { id: string };
let kept: { id: string };

const customerRow = (databaseUrl: string, id: string) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ status: string; first_name: string; email: string | null }>(
      'select status, first_name, email from customers where id = $1',
      [id],
    );
    return rows[0];
  });

beforeAll(async () => {
  t = await createTestApp({ BACKUP_DIR: backupDir });
  adminUrl = inject('serverDatabaseUrl');
  studio = await createStaffedOrganization(t);
  purged = await addCustomer(t, studio, { firstName: 'Erased', email: `erased-${randomUUID()}@example.com` });
  kept = await addCustomer(t, studio, { firstName: 'Kept', email: `kept-${randomUUID()}@example.com` });
  const written = await writeLogicalBackup({
    databaseUrl: t.database.url,
    databaseMode: 'server',
    folder: backupDir,
    recipient: keys.publicKey,
    dataDirFiles: [],
  });
  backupFile = written.path;
  const purge = await t.request(
    'POST',
    `/organizations/${studio.organizationId}/customers/${purged.id}/purge`,
    {
      token: studio.owner.token,
      body: {},
    },
  );
  expect(purge.status).toBe(204);
  await withClient(adminUrl, (client) => client.query(`create database ${restoredDatabase}`));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await withClient(adminUrl, (client) =>
    client.query(`drop database if exists ${restoredDatabase} with (force)`),
  );
  rmSync(folder, { recursive: true, force: true });
});

describe('the purge ledger', () => {
  it('records the purge beside the backups with ids and the time only', async () => {
    const text = readFileSync(join(backupDir, PURGE_LEDGER_FILE), 'utf8');
    expect(text).not.toContain('Erased');
    expect(text).not.toContain('@example.com');
    const entries = await readPurgeLedger(join(backupDir, PURGE_LEDGER_FILE));
    expect(entries).toEqual([
      {
        organizationId: studio.organizationId,
        customerId: purged.id,
        actorId: expect.any(String),
        purgedAt: expect.any(String),
      },
    ]);
  });

  it('erases the purged customer again after restoring a backup made before the purge', async () => {
    const restoredUrl = withDatabase(adminUrl, restoredDatabase);
    const purgeLedger = await readPurgeLedger(join(backupDir, PURGE_LEDGER_FILE));
    const result = await restoreBackup({
      file: backupFile,
      privateKey: keys.privateKey,
      target: { kind: 'database-url', databaseUrl: restoredUrl, secretsDir: join(folder, 'secrets') },
      purgeLedger,
    });
    expect(result.purgesReplayed).toBe(1);
    expect(await customerRow(restoredUrl, purged.id)).toEqual({
      status: 'PURGED',
      first_name: '',
      email: null,
    });
    expect(await customerRow(restoredUrl, kept.id)).toMatchObject({ status: 'ACTIVE', first_name: 'Kept' });
    // Replayed again (a second restore step, a rerun), it finds nothing left to erase.
    expect(await replayPurgeLedger(restoredUrl, purgeLedger)).toBe(0);
  });

  it('erases them again in a restore into a new DATA_DIR too (the embedded cluster a physical restore also builds)', async () => {
    const dataDir = join(folder, 'restored-data');
    const result = await restoreBackup({
      file: backupFile,
      privateKey: keys.privateKey,
      target: { kind: 'new-data-dir', dataDir },
      purgeLedger: await readPurgeLedger(join(backupDir, PURGE_LEDGER_FILE)),
    });
    expect(result.purgesReplayed).toBe(1);
    const restored = await startEmbeddedPostgres(dataDir);
    try {
      expect(await customerRow(restored.url, purged.id)).toEqual({
        status: 'PURGED',
        first_name: '',
        email: null,
      });
      expect(await customerRow(restored.url, kept.id)).toMatchObject({
        status: 'ACTIVE',
        first_name: 'Kept',
      });
    } finally {
      await restored.stop();
    }
  }, 120_000);

  it('ignores a last line cut short by a crash, and refuses a damaged line before it', async () => {
    const path = join(folder, 'cut.jsonl');
    const line = JSON.stringify({
      organizationId: 'o',
      customerId: 'c',
      actorId: null,
      purgedAt: new Date().toISOString(),
    });
    writeFileSync(path, `${line}\n{"organizationId":"o","cust`);
    expect(await readPurgeLedger(path)).toHaveLength(1);
    writeFileSync(path, `{"broken\n${line}\n`);
    await expect(readPurgeLedger(path)).rejects.toThrow(/damaged at line 1/);
  });
});
