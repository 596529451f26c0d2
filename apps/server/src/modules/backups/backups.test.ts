import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateBackupKeyPair, publicKeyPem } from '../../backups/backup-keys.ts';
import { applyRetention, backupSettings, startBackup } from '../../backups/backup-runs.ts';
import { backupRuns } from '../../db/schema/index.ts';
import { jobDefinitions } from '../../jobs/job-definitions.ts';
import { metricsText } from '../../observability/metrics.ts';
import { addMember, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Backups made by the server (decision 036): the daily job, retention, and the owners' routes. */

const root = mkdtempSync(join(tmpdir(), 'reformer-backups-'));
const dataDir = join(root, 'data');
const backupDir = join(root, 'backups');
const keys = generateBackupKeyPair();
let t: TestApp;
let installOwner: TestUser;
let studioA: { id: string };
let studioB: { id: string };

beforeAll(async () => {
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'backup-public-key.pem'), publicKeyPem(keys.publicKey));
  t = await createTestApp({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_HOUR: '0' });
  installOwner = await createUser(t);
  studioA = await createOrganization(t, installOwner);
  studioB = await createOrganization(t, installOwner);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.delete(backupRuns);
  rmSync(backupDir, { recursive: true, force: true });
});

const backupFiles = () => {
  try {
    return readdirSync(backupDir).filter((name) => name.endsWith('.rfb'));
  } catch {
    return [];
  }
};

const runDailyJob = () => {
  const job = jobDefinitions(t.database, undefined, undefined, undefined, t.env).find(
    (definition) => definition.name === 'backups.daily',
  );
  return job?.run({});
};

async function backupAgeSeconds(): Promise<number> {
  const { body } = await metricsText();
  return Number(/^reformer_backup_age_seconds (\S+)$/m.exec(body)?.[1]);
}

describe('the daily backup job', () => {
  it('writes one backup file and records its run', async () => {
    await runDailyJob();
    const files = backupFiles();
    expect(files).toHaveLength(1);
    const runs = await t.db.select().from(backupRuns);
    expect(runs).toMatchObject([{ trigger: 'scheduled', status: 'ok', fileName: files[0], kind: 'logical' }]);
    expect(runs[0]?.bytes).toBe(readFileSync(join(backupDir, files[0] ?? '')).length);
    expect(await backupAgeSeconds()).toBeLessThan(60);
  }, 60_000);

  it('makes one backup when two instances run it at once, and none more the same day', async () => {
    await Promise.all([runDailyJob(), runDailyJob()]);
    await runDailyJob();
    expect(backupFiles()).toHaveLength(1);
    expect(await t.db.select().from(backupRuns)).toHaveLength(1);
  }, 60_000);

  it('waits for BACKUP_HOUR in BACKUP_TIME_ZONE', async () => {
    // 02:30 in São Paulo (05:30 UTC) is before the default 03 hour.
    const started = await startBackup(t.db, { ...t.env, BACKUP_HOUR: 3 }, 'scheduled', {
      now: new Date('2026-11-27T05:30:00Z'),
    });
    expect(started.outcome).toBe('skipped');
  });

  it('does nothing without a backup key', async () => {
    const noKey = { ...t.env, DATA_DIR: join(root, 'no-key') };
    expect((await startBackup(t.db, noKey, 'scheduled')).outcome).toBe('not_configured');
    expect(await t.db.select().from(backupRuns)).toHaveLength(0);
  });

  it('records a failed run with its reason and keeps the age of the last success', async () => {
    await runDailyJob();
    const ageBefore = await backupAgeSeconds();
    // A file where the folder should be: the backup cannot be written.
    rmSync(backupDir, { recursive: true, force: true });
    writeFileSync(backupDir, 'not a folder');
    try {
      const started = await startBackup(t.db, t.env, 'manual');
      if (started.outcome !== 'started') throw new Error(started.outcome);
      const failed = await started.finished;
      expect(failed.status).toBe('failed');
      expect(failed.reason).toMatch(/EEXIST|ENOTDIR/);
      const [stored] = await t.db.select().from(backupRuns).where(eq(backupRuns.id, failed.id));
      expect(stored).toMatchObject({ status: 'failed', reason: failed.reason });
      expect(await backupAgeSeconds()).toBeGreaterThanOrEqual(ageBefore);
      expect(await backupAgeSeconds()).toBeLessThan(ageBefore + 60);
    } finally {
      rmSync(backupDir, { force: true });
    }
  }, 60_000);
});

describe('a run of two kinds', () => {
  it('begins the next kind before it records the first, so a run is running until the last is recorded', async () => {
    // The screen asks again only while a run is running: a moment between the kinds with none running stopped
    // it before the logical backup appeared. A trigger counts the running runs when the transaction that
    // records a run commits (on any of the pool's connections: objects of this file's database, dropped after).
    await t.db.execute(sql`
      create table recorded_runs (id uuid, running_then int);
      create function note_recorded_run() returns trigger language plpgsql as $$
      begin
        insert into recorded_runs values (new.id, (select count(*) from backup_runs where status = 'running'));
        return new;
      end $$;
      create constraint trigger note_recorded_run after update of status on backup_runs
        deferrable initially deferred for each row when (new.status <> 'running') execute function note_recorded_run();
    `);
    try {
      const started = await startBackup(t.db, t.env, 'manual', { kinds: ['logical', 'logical'] });
      if (started.outcome !== 'started') throw new Error(started.outcome);
      await started.finished;
      const runs = await t.db.select().from(backupRuns).orderBy(backupRuns.startedAt);
      expect(runs.map((run) => run.status)).toEqual(['ok', 'ok']);
      const recorded = await t.db.execute(
        sql`select id, running_then from recorded_runs order by running_then desc`,
      );
      expect((recorded as unknown as { rows: unknown[] }).rows).toEqual([
        { id: runs[0]?.id, running_then: 1 },
        { id: runs[1]?.id, running_then: 0 },
      ]);
    } finally {
      await t.db.execute(sql`
        drop trigger note_recorded_run on backup_runs;
        drop function note_recorded_run();
        drop table recorded_runs;
      `);
    }
  }, 60_000);

  it('keeps the first kind recorded as made when the next cannot begin', async () => {
    // The second kind's insert fails (the first found a row already there); the first's record must stand.
    await t.db.execute(sql`
      create function refuse_second_run() returns trigger language plpgsql as $$
      begin
        if exists (select from backup_runs) then raise exception 'no second run'; end if;
        return new;
      end $$;
      create trigger refuse_second_run before insert on backup_runs
        for each row execute function refuse_second_run();
    `);
    try {
      const started = await startBackup(t.db, t.env, 'manual', { kinds: ['logical', 'logical'] });
      if (started.outcome !== 'started') throw new Error(started.outcome);
      expect((await started.finished).status).toBe('ok');
      const runs = await t.db.select().from(backupRuns);
      expect(runs.map((run) => run.status)).toEqual(['ok']);
      expect(backupFiles()).toHaveLength(1);
    } finally {
      await t.db.execute(sql`
        drop trigger refuse_second_run on backup_runs;
        drop function refuse_second_run();
      `);
    }
  }, 60_000);
});

describe('retention', () => {
  it('removes the backups the policy no longer keeps, and nothing but backups', () => {
    mkdirSync(backupDir, { recursive: true });
    const name = (day: number) =>
      `reformer-backup-2026-11-${String(day).padStart(2, '0')}T06-00-00.000Z-logical.rfb`;
    for (let day = 1; day <= 10; day += 1) writeFileSync(join(backupDir, name(day)), 'x');
    const strangers = ['notes.txt', `${name(1)}.partial`, 'reformer-backup-old.rfb'];
    for (const stranger of strangers) writeFileSync(join(backupDir, stranger), 'x');
    return applyRetention({ ...backupSettings(t.env), retention: { daily: 3, weekly: 0, monthly: 0 } }).then(
      (removed) => {
        expect(removed.sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map(name));
        expect(readdirSync(backupDir).sort()).toEqual([...strangers, name(8), name(9), name(10)].sort());
      },
    );
  });
});

describe('the backups routes', () => {
  it('answers the running run to a click while a backup runs, on this instance or another', async () => {
    // Another instance's run: the lock held on a connection of its own, and its row.
    const other = await (t.db as unknown as { $client: import('pg').Pool }).$client.connect();
    try {
      await other.query("select pg_advisory_lock(hashtext('reformer.backup-run'))");
      const [running] = await t.db
        .insert(backupRuns)
        .values({ id: crypto.randomUUID(), trigger: 'scheduled', status: 'running', startedAt: new Date() })
        .returning();
      const clicked = await t.request('POST', `/organizations/${studioA.id}/backups`, {
        token: installOwner.token,
      });
      expect(clicked.status, clicked.text).toBe(202);
      expect(clicked.body).toMatchObject({ id: running?.id, status: 'running' });
      expect(backupFiles()).toEqual([]);
    } finally {
      await other.query("select pg_advisory_unlock(hashtext('reformer.backup-run'))");
      other.release();
    }
  });

  it('backs up now, lists the run and downloads exactly the file', async () => {
    const path = `/organizations/${studioA.id}/backups`;
    const first = await t.request('POST', path, { token: installOwner.token });
    expect(first.status, first.text).toBe(202);
    expect(first.body).toMatchObject({ status: 'running', trigger: 'manual' });
    let status = await t.request('GET', path, { token: installOwner.token });
    for (let polls = 0; status.body.runs[0]?.status === 'running' && polls < 200; polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await t.request('GET', path, { token: installOwner.token });
    }
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      configured: true,
      folder: backupDir,
      schedule: { hour: 0, timeZone: 'America/Sao_Paulo' },
      retention: { daily: 7, weekly: 4, monthly: 12 },
    });
    const [run] = status.body.runs;
    expect(run).toMatchObject({ id: first.body.id, status: 'ok', downloadable: true });
    expect(backupFiles()).toEqual([run.fileName]);

    const response = await t.app.request(`/api${path}/${run.fileName}`, {
      headers: { authorization: `Bearer ${installOwner.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${run.fileName}"`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(readFileSync(join(backupDir, run.fileName)))).toBe(true);
    expect(run.bytes).toBe(body.length);
  }, 60_000);

  it('serves only backup files of the backup folder', async () => {
    mkdirSync(backupDir, { recursive: true });
    writeFileSync(join(backupDir, 'notes.txt'), 'private');
    for (const name of [
      'notes.txt',
      '..%2Fdata%2Fbackup-public-key.pem',
      'reformer-backup-2026-11-24T06-00-00.123Z-logical.rfb',
    ]) {
      const response = await t.request('GET', `/organizations/${studioA.id}/backups/${name}`, {
        token: installOwner.token,
      });
      expect(response.status, name).toBe(404);
      expect(response.body.error.code).toBe('BACKUP_FILE_NOT_FOUND');
    }
  });

  it('refuses to back up now without a backup key, and says so in the status', async () => {
    const unconfigured = await createTestApp({ DATA_DIR: join(root, 'no-key'), BACKUP_DIR: backupDir });
    try {
      const owner = await createUser(unconfigured);
      const studio = await createOrganization(unconfigured, owner);
      const path = `/organizations/${studio.id}/backups`;
      const now = await unconfigured.request('POST', path, { token: owner.token });
      expect(now.status).toBe(409);
      expect(now.body.error.code).toBe('BACKUPS_NOT_CONFIGURED');
      const status = await unconfigured.request('GET', path, { token: owner.token });
      expect(status.body).toMatchObject({ configured: false, runs: [] });
      const warning = await unconfigured.request(
        'GET',
        `/organizations/${studio.id}/dashboard/backup-warning`,
        {
          token: owner.token,
        },
      );
      expect(warning.body.warning).toBe('not_configured');
    } finally {
      await unconfigured.close();
    }
  });

  it("warns the install's owner on the dashboard, and nobody else", async () => {
    const warning = async (user: TestUser) =>
      (
        await t.request('GET', `/organizations/${studioA.id}/dashboard/backup-warning`, {
          token: user.token,
        })
      ).body.warning;
    expect(await warning(installOwner)).toBe('never');
    const manager = await addMember(t, installOwner, studioA.id, { role: 'ORG_MANAGER' });
    expect(await warning(manager)).toBeNull();
    await runDailyJob();
    expect(await warning(installOwner)).toBeNull();
    try {
      t.setNow(new Date(Date.now() + 27 * 3_600_000));
      expect(await warning(installOwner)).toBe('stale');
    } finally {
      t.setNow(new Date());
    }
    const outsider = await createUser(t);
    expect(
      (
        await t.request('GET', `/organizations/${studioA.id}/dashboard/backup-warning`, {
          token: outsider.token,
        })
      ).status,
    ).toBe(404);
  }, 60_000);

  // Last: the organization it adds leaves nobody owning every one.
  it('answers 404 to a non-member and 403 to a member who does not own every organization', async () => {
    const outsider = await createUser(t);
    expect(
      (await t.request('GET', `/organizations/${studioA.id}/backups`, { token: outsider.token })).status,
    ).toBe(404);
    const administrator = await addMember(t, installOwner, studioA.id, { role: 'ORG_ADMINISTRATOR' });
    const ownerOfOne = await createUser(t);
    const ownStudio = await createOrganization(t, ownerOfOne);
    for (const [user, orgId] of [
      [administrator, studioA.id],
      [ownerOfOne, ownStudio.id],
    ] as const) {
      for (const [method, path] of [
        ['GET', `/organizations/${orgId}/backups`],
        ['POST', `/organizations/${orgId}/backups`],
        ['GET', `/organizations/${orgId}/backups/reformer-backup-2026-11-24T06-00-00.123Z-logical.rfb`],
      ] as const) {
        const response = await t.request(method, path, { token: user.token });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.error.code).toBe('FORBIDDEN');
      }
    }
    // The owner of the first two studios no longer owns every organization either.
    expect(
      (await t.request('GET', `/organizations/${studioB.id}/backups`, { token: installOwner.token })).status,
    ).toBe(403);
  });
});
