import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres/embedded-postgres.ts';
import { type BackupKeyPair, generateBackupKeyPair } from './backup-keys.ts';
import { withClient } from './database-tables.ts';
import { type OffsiteStorage, openOffsiteStorage } from './offsite-copy.ts';
import { writePhysicalBackup } from './physical-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import {
  S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY,
  startS3Server,
  type TestS3Server,
} from './test-fixtures/s3-server.ts';
import { archivedWalNames, OFFSITE_WAL_PREFIX, WAL_ARCHIVE_EXTENSION } from './wal-archive.ts';

/**
 * Point-in-time recovery of the embedded database (issue #28, decision 036): a physical base backup, writes,
 * a remembered moment, more writes and a mistaken deletion, the disk lost — then restores from the backups
 * folder alone: to the moment (the deletion undone, the later writes not there), to the archive's end (every
 * archived write), from the base backup alone (its own end), and from the WAL the archiver copied to an S3
 * server (the machine lost with its disks).
 */

const folder = mkdtempSync(join(tmpdir(), 'reformer-pitr-'));
// Enterable by the `postgres` user when run as root, so the clusters live in it and go with it.
chmodSync(folder, 0o711);
const dataDir = join(folder, 'data');
const backups = join(folder, 'backups');
const archive = join(backups, 'wal');
let keys: BackupKeyPair;
let s3: TestS3Server;
let bucket: OffsiteStorage;
let source: EmbeddedPostgres;
let baseBackup: string;
let moment: Date;

const insertRange = (url: string, from: number, to: number) =>
  withClient(url, (client) =>
    client.query('insert into probe select n, $3 from generate_series($1::int, $2::int) as n', [
      from,
      to,
      `row ${from}`,
    ]),
  );

const probeIds = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ id: number }>('select id from probe order by id');
    return rows.map((row) => row.id);
  });

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Every segment written so far is sealed in the archive: the disk may now be lost without losing them. */
async function archiveEverything(url: string) {
  const last = await withClient(url, async (client) => {
    const { rows } = await client.query<{ wal: string }>(
      'select pg_walfile_name(pg_current_wal_lsn()) as wal',
    );
    await client.query('select pg_switch_wal()');
    return rows[0]?.wal ?? '';
  });
  // Waits for the state, not a time: PostgreSQL archives the switched segment, the archiver seals it.
  const deadline = Date.now() + 120_000;
  const shipped = async () =>
    (await bucket.list(OFFSITE_WAL_PREFIX)).some((object) => object.key.includes(last));
  while (!(await archivedWalNames(archive)).includes(last) || !(await shipped())) {
    if (Date.now() > deadline) throw new Error(`${last} never reached the archive`);
    await source.archiver?.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  keys = generateBackupKeyPair();
  s3 = await startS3Server();
  bucket = openOffsiteStorage({
    bucket: s3.bucket,
    region: 'sa-east-1',
    endpoint: s3.endpoint,
    prefix: '',
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
  source = await startEmbeddedPostgres(dataDir, {
    walArchive: { archiveDir: archive, recipient: keys.publicKey, offsite: bucket },
  });
  await withClient(source.url, (client) =>
    client.query('create table probe (id int primary key, note text)'),
  );
  await insertRange(source.url, 1, 100);
  if (!source.archiver) throw new Error('the cluster does not archive');
  const written = await writePhysicalBackup({
    databaseUrl: source.url,
    cluster: source.cluster,
    archiver: source.archiver,
    folder: backups,
    recipient: keys.publicKey,
    dataDirFiles: [{ path: 'postgres-password', content: readFileSync(join(dataDir, 'postgres-password')) }],
  });
  baseBackup = written.path;
  await insertRange(source.url, 101, 200);
  moment = await withClient(source.url, async (client) => {
    const { rows } = await client.query<{ at: Date }>('select clock_timestamp() as at');
    return rows[0]?.at ?? new Date();
  });
  await insertRange(source.url, 201, 300);
  await withClient(source.url, (client) => client.query('delete from probe where id <= 50'));
  await archiveEverything(source.url);
  // The disk is lost: only the backups folder is left.
  await source.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 240_000);

afterAll(async () => {
  await source?.stop().catch(() => {});
  bucket?.close();
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function restoredIds(name: string, recovery: Parameters<typeof restoreBackup>[0]['recovery']) {
  const target = join(folder, name);
  await restoreBackup({
    file: baseBackup,
    privateKey: keys.privateKey,
    target: { kind: 'new-data-dir', dataDir: target },
    recovery,
  });
  const restored = await startEmbeddedPostgres(target);
  try {
    return await probeIds(restored.url);
  } finally {
    await restored.stop();
  }
}

describe('point-in-time recovery of the embedded database', () => {
  it('stops at the moment given: the rows written before it are back, the deletion and the later rows are not', async () => {
    expect(await restoredIds('to-moment', { walArchiveDir: archive, toTime: moment })).toEqual(range(1, 200));
  }, 180_000);

  it('replays the whole archive without a moment: every archived write, the deletion too', async () => {
    expect(await restoredIds('latest', { walArchiveDir: archive })).toEqual(range(51, 300));
  }, 180_000);

  it('restores the base backup alone to its own end, with the WAL it holds', async () => {
    expect(await restoredIds('base-only', {})).toEqual(range(1, 100));
  }, 180_000);

  it('restores every archived write from the bucket alone: the WAL went offsite as it was sealed', async () => {
    const fromBucket = join(folder, 'wal-from-s3');
    mkdirSync(fromBucket);
    const objects = await bucket.list(OFFSITE_WAL_PREFIX);
    expect(objects.map((object) => object.key).sort()).toEqual(
      (await archivedWalNames(archive))
        .map((name) => `${OFFSITE_WAL_PREFIX}${name}${WAL_ARCHIVE_EXTENSION}`)
        .sort(),
    );
    for (const { key } of objects) {
      const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      const bytes = await (
        answer.Body as { transformToByteArray(): Promise<Uint8Array> }
      ).transformToByteArray();
      writeFileSync(join(fromBucket, key.slice(OFFSITE_WAL_PREFIX.length)), bytes);
    }
    expect(await restoredIds('from-s3', { walArchiveDir: fromBucket })).toEqual(range(51, 300));
  }, 180_000);

  it('refuses a moment before the base backup was consistent, writing nothing', async () => {
    const target = join(folder, 'too-early');
    await expect(
      restoreBackup({
        file: baseBackup,
        privateKey: keys.privateKey,
        target: { kind: 'new-data-dir', dataDir: target },
        recovery: { walArchiveDir: archive, toTime: new Date(moment.getTime() - 24 * 60 * 60 * 1000) },
      }),
    ).rejects.toThrow(/older physical backup/);
    expect(readdirSync(folder).filter((name) => name.startsWith('too-early'))).toEqual([]);
  });
});
