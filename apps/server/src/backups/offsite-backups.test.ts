import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupRuns } from '../db/schema/index.ts';
import { type Env, parseEnv } from '../env.ts';
import { metricsText } from '../observability/metrics.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { generateBackupKeyPair, publicKeyPem } from './backup-keys.ts';
import { startBackup } from './backup-runs.ts';
import { type OffsiteStorage, openOffsiteStorage } from './offsite-copy.ts';
import {
  S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY,
  startS3Server,
  type TestS3Server,
} from './test-fixtures/s3-server.ts';

/**
 * Backups copied to S3-compatible storage (decision 036, offsite copy), against a real S3 server on this
 * machine (s3rver): the copy after a backup, its retry after the storage was down, retention in the bucket,
 * and a refused credential that fails the copy, never the backup.
 */

const root = mkdtempSync(join(tmpdir(), 'reformer-offsite-'));
const dataDir = join(root, 'data');
const backupDir = join(root, 'backups');
let s3: TestS3Server;
let bucket: OffsiteStorage;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'backup-public-key.pem'), publicKeyPem(generateBackupKeyPair().publicKey));
  s3 = await startS3Server();
  bucket = openOffsiteStorage({
    bucket: s3.bucket,
    region: 'sa-east-1',
    endpoint: s3.endpoint,
    prefix: 'studio/',
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
  t = await createTestApp({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_HOUR: '0', ...s3.env });
});
afterAll(async () => {
  await t.close();
  bucket.close();
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.delete(backupRuns);
  rmSync(backupDir, { recursive: true, force: true });
  for (const object of await bucket.list('')) await bucket.deleteObject(object.key);
});

async function backUp(env: Env = t.env) {
  const started = await startBackup(t.db, env, 'manual');
  if (started.outcome !== 'started') throw new Error(`no backup started: ${started.outcome}`);
  return started.finished;
}

async function storedBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `studio/${key}` }));
  return Buffer.from(
    await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}

async function copyFailures(): Promise<number> {
  const { body } = await metricsText();
  // Absent until the first failure.
  return Number(/^reformer_offsite_copy_failures_total\{what="backup"\} (\S+)$/m.exec(body)?.[1] ?? 0);
}

const backupName = (day: number) =>
  `reformer-backup-2026-11-${String(day).padStart(2, '0')}T06-00-00.000Z-logical.rfb`;

describe('the copy of each backup', () => {
  it('copies the file once complete, byte for byte under the prefix, and records it on the run', async () => {
    const run = await backUp();
    expect(run).toMatchObject({ status: 'ok', offsiteStatus: 'copied', offsiteReason: null });
    const local = readFileSync(join(backupDir, run.fileName as string));
    expect((await storedBytes(`backups/${run.fileName}`)).equals(local)).toBe(true);
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: `studio/backups/${run.fileName}` }),
    );
    expect(head.Metadata?.sha256).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it('shows the bucket and each copy on the Backups screen, never a credential', async () => {
    const owner = await createUser(t);
    const studio = await createOrganization(t, owner);
    await backUp();
    const status = await t.request('GET', `/organizations/${studio.id}/backups`, { token: owner.token });
    expect(status.status).toBe(200);
    expect(status.body.offsite).toEqual({
      bucket: 'reformer-backups',
      region: 'sa-east-1',
      endpoint: s3.endpoint,
      prefix: 'studio/',
    });
    expect(status.body.runs[0].copy).toMatchObject({ status: 'copied', reason: null });
    expect(status.text).not.toContain('S3RVER');
  }, 60_000);

  it('copies a large file in parts and checks it', async () => {
    const file = join(root, 'large.bin');
    const bytes = randomBytes(20 * 1024 * 1024 + 123);
    writeFileSync(file, bytes);
    const copied = await bucket.copyFile(file, 'large/one.bin');
    expect(copied.bytes).toBe(bytes.length);
    expect((await storedBytes('large/one.bin')).equals(bytes)).toBe(true);
    expect(await bucket.list('large/')).toMatchObject([{ key: 'large/one.bin', bytes: bytes.length }]);
    await bucket.deleteObject('large/one.bin');
    expect(await bucket.list('large/')).toEqual([]);
  }, 60_000);
});

/**
 * A storage that answers HEAD with headers of the test's choosing, in front of s3rver: a provider whose stored
 * object is not the file, or one that reports its own checksum (s3rver keeps none).
 */
async function storageReporting(headers: (key: string) => Record<string, string>) {
  const proxy = createServer((request, response) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: s3.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const changed =
          request.method === 'HEAD' ? headers(decodeURIComponent(request.url?.split('?')[0] ?? '')) : {};
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...changed });
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const storage = openOffsiteStorage({
    bucket: s3.bucket,
    region: 'sa-east-1',
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    prefix: 'studio/',
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
  return {
    storage,
    close: () => {
      storage.close();
      return new Promise((resolve) => proxy.close(resolve));
    },
  };
}

describe('the check of a copy', () => {
  const file = join(root, 'checked.bin');
  const bytes = randomBytes(9 * 1024 * 1024);
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
  // S3's checksum of a two-part upload (8 MiB parts): SHA-256 of the parts' SHA-256s, then "-2".
  const composite = `${sha256(Buffer.concat([sha256(bytes.subarray(0, 8 * 1024 * 1024)), sha256(bytes.subarray(8 * 1024 * 1024))])).toString('base64')}-2`;

  it('accepts a provider that reports the multipart upload’s own SHA-256', async () => {
    writeFileSync(file, bytes);
    const reporting = await storageReporting(() => ({ 'x-amz-checksum-sha256': composite }));
    try {
      await expect(reporting.storage.copyFile(file, 'checked.bin')).resolves.toMatchObject({
        bytes: bytes.length,
      });
    } finally {
      await reporting.close();
    }
  }, 60_000);

  it('deletes and fails a copy whose stored checksum or SHA-256 is not the file’s', async () => {
    writeFileSync(file, bytes);
    const lies: Record<string, string>[] = [
      { 'x-amz-checksum-sha256': `${sha256(Buffer.from('other')).toString('base64')}-2` },
      { 'x-amz-meta-sha256': sha256(Buffer.from('other')).toString('hex') },
    ];
    for (const lie of lies) {
      const lying = await storageReporting(() => lie);
      try {
        await expect(lying.storage.copyFile(file, 'checked.bin')).rejects.toThrow(
          /does not match the local file/,
        );
        expect(await bucket.list('checked')).toEqual([]);
      } finally {
        await lying.close();
      }
    }
  }, 60_000);
});

describe('a copy that fails', () => {
  it('is recorded with its reason and counted, the local backup stands, and the next run copies it', async () => {
    const failuresBefore = await copyFailures();
    await s3.stop();
    let first: Awaited<ReturnType<typeof backUp>>;
    try {
      first = await backUp();
    } finally {
      await s3.start();
    }
    expect(first).toMatchObject({ status: 'ok', offsiteStatus: 'failed' });
    expect(first.offsiteReason).toMatch(/ECONNREFUSED/);
    expect(readdirSync(backupDir)).toContain(first.fileName);
    expect(await copyFailures()).toBeGreaterThan(failuresBefore);

    // Yesterday's, so that retention keeps it beside today's (it keeps one a day).
    const yesterdays = (first.fileName as string).replace(
      /^reformer-backup-[^T]+/,
      `reformer-backup-${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}`,
    );
    renameSync(join(backupDir, first.fileName as string), join(backupDir, yesterdays));
    await t.db.update(backupRuns).set({ fileName: yesterdays }).where(eq(backupRuns.id, first.id));
    const second = await backUp();
    expect(second).toMatchObject({ status: 'ok', offsiteStatus: 'copied' });
    const [retried] = await t.db.select().from(backupRuns).where(eq(backupRuns.id, first.id));
    expect(retried).toMatchObject({ offsiteStatus: 'copied', offsiteReason: null });
    expect((await bucket.list('backups/')).map((object) => object.key).sort()).toEqual(
      [`backups/${yesterdays}`, `backups/${second.fileName}`].sort(),
    );
  }, 60_000);

  it('fails clearly on a wrong credential, without failing the backup or naming the secret', async () => {
    const run = await backUp({
      ...t.env,
      BACKUP_S3_ACCESS_KEY_ID: 'NOT-A-KEY-ID',
      BACKUP_S3_SECRET_ACCESS_KEY: 'a-secret-that-must-not-show',
    });
    expect(run).toMatchObject({ status: 'ok', offsiteStatus: 'failed' });
    expect(run.offsiteReason).toMatch(/^InvalidAccessKeyId: /);
    expect(run.offsiteReason).not.toContain('a-secret-that-must-not-show');
    expect(readdirSync(backupDir)).toEqual([run.fileName]);
    expect(await bucket.list('backups/')).toEqual([]);
  }, 60_000);
});

describe('retention in the bucket', () => {
  it('deletes what the rule removes, and keeps what it keeps even when the folder lost it', async () => {
    mkdirSync(backupDir, { recursive: true });
    // The bucket holds days 1–9; the folder lost day 8 (a disk replaced) and holds day 9.
    for (let day = 1; day <= 9; day += 1)
      await s3.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: `studio/backups/${backupName(day)}`, Body: 'x' }),
      );
    const strangers = ['studio/backups/notes.txt', 'studio/wal/000000010000000000000001', 'elsewhere.rfb'];
    for (const key of strangers)
      await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'x' }));
    writeFileSync(join(backupDir, backupName(9)), 'x');
    const [dayOne] = await t.db
      .insert(backupRuns)
      .values({
        id: crypto.randomUUID(),
        trigger: 'scheduled',
        status: 'ok',
        startedAt: new Date('2026-11-01T06:00:00Z'),
        finishedAt: new Date('2026-11-01T06:00:00Z'),
        fileName: backupName(1),
        offsiteStatus: 'copied',
        offsiteAt: new Date('2026-11-01T06:00:00Z'),
      })
      .returning();

    // Three days: today's, day 9's and day 8's.
    const run = await backUp({ ...t.env, BACKUP_RETENTION: '3d' });
    expect(run.offsiteStatus).toBe('copied');
    const keys = (await bucket.list('')).map((object) => object.key).sort();
    expect(keys).toEqual(
      [
        `backups/${run.fileName}`,
        `backups/${backupName(8)}`,
        `backups/${backupName(9)}`,
        'backups/notes.txt',
        'wal/000000010000000000000001',
      ].sort(),
    );
    const [removed] = await t.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.id, dayOne?.id ?? ''));
    expect(removed?.offsiteStatus).toBe('removed');
    const outside = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'elsewhere.rfb' }));
    expect(outside.ContentLength).toBe(1);
  }, 60_000);
});

describe('the configuration', () => {
  it('refuses a bucket without its region and a key id without its secret', () => {
    expect(() => parseEnv({ BACKUP_S3_BUCKET: 'reformer' })).toThrow(/BACKUP_S3_REGION/);
    expect(() =>
      parseEnv({
        BACKUP_S3_BUCKET: 'reformer',
        BACKUP_S3_REGION: 'sa-east-1',
        BACKUP_S3_ACCESS_KEY_ID: 'AKIA',
      }),
    ).toThrow(/BACKUP_S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ BACKUP_S3_REGION: 'sa-east-1' })).toThrow(/needs BACKUP_S3_BUCKET/);
    expect(() =>
      parseEnv({
        BACKUP_S3_BUCKET: 'reformer',
        BACKUP_S3_REGION: 'sa-east-1',
        BACKUP_S3_ENDPOINT: 'ftp://x',
      }),
    ).toThrow(/BACKUP_S3_ENDPOINT/);
    expect(parseEnv({ BACKUP_S3_BUCKET: 'reformer', BACKUP_S3_REGION: 'sa-east-1' }).BACKUP_S3_BUCKET).toBe(
      'reformer',
    );
  });
});
