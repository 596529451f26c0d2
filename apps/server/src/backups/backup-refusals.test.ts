import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { withDatabase } from '../test/global-setup.ts';
import { createTestApp, TEST_SECRETS_KEY, type TestApp } from '../test/test-app.ts';
import { BackupFileError } from './backup-container.ts';
import { readBackupFile } from './backup-file.ts';
import { generateBackupKeyPair, publicKeyPem } from './backup-keys.ts';
import type { BackupManifest } from './backup-manifest.ts';
import { privateKeyFileText } from './backup-private-key-file.ts';
import { listTablesInLoadOrder, withClient } from './database-tables.ts';
import { writeLogicalBackup } from './logical-backup.ts';
import { knownMigrations } from './migrations.ts';
import { restoreBackup } from './restore-backup.ts';
import { COMMAND_TIMEOUT_MS, runCommand } from './test-fixtures/commands.ts';
import { resealBackup } from './test-fixtures/reseal-backup.ts';

/**
 * What a backup or a restore must never do (decision 036): restore a changed file, a newer schema, or half a
 * backup; leave an empty database half-filled; leave a killed backup that passes for one.
 */

const PASSPHRASE = 'refusals passphrase';
const keys = generateBackupKeyPair();
const folder = mkdtempSync(join(tmpdir(), 'reformer-backup-refusals-'));
const keyFile = join(folder, 'backup-private-key.json');
const commandDataDir = join(folder, 'command-data');
const emptyDatabase = `reformer_test_refusals_${randomUUID().replaceAll('-', '')}`;
let t: TestApp;
let backupFile: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t);
  writeFileSync(keyFile, privateKeyFileText(keys.privateKey, PASSPHRASE), { mode: 0o600 });
  mkdirSync(commandDataDir);
  writeFileSync(join(commandDataDir, 'backup-public-key.pem'), publicKeyPem(keys.publicKey));
  const written = await writeLogicalBackup({
    databaseUrl: t.database.url,
    databaseMode: 'server',
    folder: join(folder, 'backups'),
    recipient: keys.publicKey,
    dataDirFiles: [],
  });
  backupFile = written.path;
});

afterAll(async () => {
  await t.close();
  await withClient(inject('serverDatabaseUrl'), (admin) =>
    admin.query(`drop database if exists ${emptyDatabase} with (force)`),
  );
  rmSync(folder, { recursive: true, force: true });
});

const reseal = (edit: (manifest: BackupManifest) => BackupManifest) =>
  resealBackup({ file: backupFile, folder, privateKey: keys.privateKey, recipient: keys.publicKey, edit });

describe('npm run restore', () => {
  it(
    'says a sound backup checks out, with --check',
    async () => {
      const check = runCommand('restore', [backupFile, '--key', keyFile, '--check'], {
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(await check.exited, check.output()).toBe(0);
      expect(check.output()).toMatch(
        /The backup checks out and can be restored here: the server database as of/,
      );
    },
    COMMAND_TIMEOUT_MS,
  );

  it(
    'refuses a backup of a newer schema, naming its migration and this Reformer’s last; nothing written',
    async () => {
      const latest = knownMigrations().at(-1);
      const newer = await reseal((manifest) => ({
        ...manifest,
        reformerVersion: '9.0.0',
        migration: { tag: '9999_from_the_future', when: (latest?.when ?? 0) + 1, hash: 'f'.repeat(64) },
      }));
      const dataDir = join(folder, 'from-newer');
      const restore = runCommand('restore', [newer, '--key', keyFile, '--data-dir', dataDir], {
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(await restore.exited, restore.output()).toBe(1);
      expect(restore.output()).toContain(
        'migration 9999_from_the_future (Reformer 9.0.0), newer than this Reformer',
      );
      expect(restore.output()).toContain(`its last migration is ${latest?.tag}`);
      expect(restore.output()).toContain('Nothing was written.');
      expect(existsSync(dataDir)).toBe(false);
    },
    COMMAND_TIMEOUT_MS,
  );
});

describe('a restore', () => {
  it('refuses a file with one byte changed before writing anything', async () => {
    const bytes = readFileSync(backupFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x10;
    const changed = join(folder, 'changed.rfb');
    writeFileSync(changed, bytes);
    const dataDir = join(folder, 'from-changed');
    const target = { kind: 'new-data-dir', dataDir } as const;
    const refused = restoreBackup({ file: changed, privateKey: keys.privateKey, target });
    await expect(refused).rejects.toBeInstanceOf(BackupFileError);
    await expect(refused).rejects.toMatchObject({ problem: 'DAMAGED' });
    expect(readdirSync(folder).filter((name) => name.startsWith('from-changed'))).toEqual([]);
  });

  it('that fails while loading leaves the empty database empty again', async () => {
    const miscounted = await reseal((manifest) => ({
      ...manifest,
      entries: manifest.entries.map((entry) =>
        entry.table?.name === 'users'
          ? { ...entry, table: { ...entry.table, rows: entry.table.rows + 1 } }
          : entry,
      ),
    }));
    const serverUrl = inject('serverDatabaseUrl');
    await withClient(serverUrl, (admin) => admin.query(`create database ${emptyDatabase}`));
    const databaseUrl = withDatabase(serverUrl, emptyDatabase);
    const secretsDir = join(folder, 'failed-secrets');
    const target = { kind: 'database-url', databaseUrl, secretsDir } as const;
    const failed = restoreBackup({ file: miscounted, privateKey: keys.privateKey, target });
    await expect(failed).rejects.toThrow(/^users: 1 rows loaded, the manifest says 2/);
    const left = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ relations: number; schemas: number; extensions: number }>(
        `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_toast') as relations,
                (select count(*)::int from pg_namespace where nspname = 'drizzle') as schemas,
                (select count(*)::int from pg_extension where extname <> 'plpgsql') as extensions`,
      );
      return rows[0];
    });
    expect(left).toEqual({ relations: 0, schemas: 0, extensions: 0 });
    expect(existsSync(secretsDir)).toBe(false);
  });
});

describe('npm run backup killed half-way', () => {
  it(
    'leaves no file that passes for a backup, and the next backup succeeds',
    async () => {
      const out = join(folder, 'killed');
      const env = {
        DATABASE_URL: t.database.url,
        DATA_DIR: commandDataDir,
        AUTH_SECRET: t.env.AUTH_SECRET ?? '',
        SECRETS_KEY: TEST_SECRETS_KEY,
      };
      // The last table the backup reads is locked: it stops there, its file half-written, until killed.
      const lock = new pg.Client({ connectionString: t.database.url });
      await lock.connect();
      const tables = await listTablesInLoadOrder(lock);
      await lock.query(`begin; lock table public."${tables.at(-1)?.name}" in access exclusive mode`);
      const killed = runCommand('backup', ['--out', out], env);
      try {
        for (;;) {
          // Asked outside the lock's transaction, which would see one snapshot of the activity throughout.
          const { rows } = await withClient(t.database.url, (watcher) =>
            watcher.query(
              `select 1 from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like 'copy %'`,
            ),
          );
          if (rows.length > 0) break;
          if (killed.child.exitCode !== null) throw new Error(`The backup ended: ${killed.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        killed.child.kill('SIGKILL');
        await killed.exited;
      } finally {
        await lock.query('rollback');
        await lock.end();
      }
      const left = readdirSync(out);
      expect(left).toEqual([expect.stringMatching(/-logical\.rfb\.partial$/)]);
      await expect(readBackupFile(join(out, left[0] ?? ''), keys.privateKey)).rejects.toMatchObject({
        problem: 'DAMAGED',
      });

      const next = runCommand('backup', ['--out', out], env);
      expect(await next.exited, next.output()).toBe(0);
      expect(next.output()).toContain('Backup written:');
      const files = readdirSync(out);
      expect(files).toEqual([expect.stringMatching(/-logical\.rfb$/)]);
      const manifest = await readBackupFile(join(out, files[0] ?? ''), keys.privateKey);
      expect(manifest.entries.filter((entry) => entry.table)).toHaveLength(tables.length);
    },
    COMMAND_TIMEOUT_MS,
  );
});
