import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, isZombie } from './cluster-owner.ts';
import { DataDirLockedError, startEmbeddedPostgres } from './embedded-postgres.ts';
import { socketFolderFor } from './launch-postgres.ts';
import { postgresRunAs } from './postgres-binaries.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'reformer-embedded-'));
  folders.push(dataDir);
  return dataDir;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await sleep(50);
  }
  return condition();
}

const fixture = fileURLToPath(new URL('./test-fixtures/start-and-wait.ts', import.meta.url));

/** A separate server-like process on `dataDir`, so it can be killed with -9. */
async function startInChild(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve(output.split('\n')[0] as string);
    });
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
  });
  return {
    child,
    ...(JSON.parse(line) as { url: string; pids: { postgres: number; watchdog: number }; refused?: string }),
  };
}

describe('embedded PostgreSQL', () => {
  it('creates a cluster on first start, keeps its data across a stop, and refuses a second owner', async () => {
    const dataDir = newDataDir();
    const first = await startEmbeddedPostgres(dataDir);
    const [version] = await query<{ server_version_num: string }>(first.url, 'show server_version_num');
    expect(Number(version?.server_version_num)).toBeGreaterThanOrEqual(180000);
    await query(first.url, "create table kept (note text); insert into kept values ('still here')");
    // The server's URL reaches it over the Unix socket in the cluster's folder (no client address); the port
    // still answers over TCP, for the tools that name one.
    const [overSocket] = await query<{ local: boolean }>(
      first.url,
      'select inet_client_addr() is null as local',
    );
    expect(overSocket?.local).toBe(true);
    expect(decodeURIComponent(new URL(first.url).hostname)).toBe(first.cluster);
    const overTcp = new URL(first.url);
    overTcp.hostname = '127.0.0.1';
    const [client] = await query<{ address: string }>(
      overTcp.toString(),
      'select inet_client_addr() as address',
    );
    expect(client?.address).toBe('127.0.0.1');

    const second = startEmbeddedPostgres(dataDir);
    await expect(second).rejects.toThrow(DataDirLockedError);
    await expect(second).rejects.toThrow(`pid ${process.pid}`);

    await first.stop();
    expect(isAlive(first.pids.postgres)).toBe(false);
    const again = await startEmbeddedPostgres(dataDir);
    try {
      expect(await query(again.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await again.stop();
    }
  });

  it('puts the socket in the cluster’s folder only where its path fits, and a quote cannot break the setting', () => {
    expect(socketFolderFor('/var/lib/reformer/postgres', 54321)).toBe('/var/lib/reformer/postgres');
    // 107 bytes with ".s.PGSQL.54321" is the most Linux takes; one more and the server is reached by TCP.
    const deepest = `/${'a'.repeat(107 - '/'.length - '/.s.PGSQL.54321'.length)}`;
    expect(socketFolderFor(deepest, 54321)).toBe(deepest);
    expect(socketFolderFor(`${deepest}b`, 54321)).toBeNull();
    expect(socketFolderFor('/srv/"studio"/postgres', 54321)).toBeNull();
  });

  it('stops PostgreSQL when its server is killed with -9, and a new start serves the same data', async () => {
    const dataDir = newDataDir();
    const crashed = await startInChild(dataDir);
    await query(crashed.url, 'create table survived (id int); insert into survived values (1)');
    crashed.child.kill('SIGKILL');
    expect(await waitUntil(() => !isAlive(crashed.pids.postgres))).toBe(true);

    const restarted = await startEmbeddedPostgres(dataDir);
    try {
      expect(await query(restarted.url, 'select id from survived')).toEqual([{ id: 1 }]);
    } finally {
      await restarted.stop();
    }
  });

  it('takes over a PostgreSQL left running when its server and watchdog both died', async () => {
    const dataDir = newDataDir();
    const orphaned = await startInChild(dataDir);
    process.kill(orphaned.pids.watchdog, 'SIGKILL');
    orphaned.child.kill('SIGKILL');
    await waitUntil(() => !isAlive(orphaned.pids.watchdog));
    expect(isAlive(orphaned.pids.postgres)).toBe(true);

    const next = await startEmbeddedPostgres(dataDir);
    try {
      expect(isAlive(orphaned.pids.postgres)).toBe(false);
      expect(await query(next.url, 'select 1 as answer')).toEqual([{ answer: 1 }]);
    } finally {
      await next.stop();
    }
  });

  it('waits for a killed postmaster that is still a zombie (init reaps it late) instead of refusing the folder', async () => {
    const dataDir = newDataDir();
    await (await startEmbeddedPostgres(dataDir)).stop();
    // A zombie of ~2 s: `sleep 0.1` exits under a parent (`sh` become `sleep 2`) that never waits for it,
    // as a postmaster killed after its Reformer is until a container's init gets round to reaping it. It runs
    // as PostgreSQL does (run as root, PostgreSQL ignores a pid it may not signal).
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 2'], {
      ...(postgresRunAs() ?? {}),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const zombie = await new Promise<number>((resolve) =>
      parent.stdout?.once('data', (line) => resolve(Number(String(line)))),
    );
    expect(await waitUntil(() => isZombie(zombie))).toBe(true);
    const lockFile = [zombie, join(dataDir, 'postgres'), '0', '1', '', '127.0.0.1', '0 0', 'ready', ''];
    writeFileSync(join(dataDir, 'postgres', 'postmaster.pid'), lockFile.join('\n'));

    const next = await startEmbeddedPostgres(dataDir);
    try {
      expect(isZombie(zombie)).toBe(false);
      expect(await query(next.url, 'select 1 as answer')).toEqual([{ answer: 1 }]);
    } finally {
      await next.stop();
    }
  });

  // Twenty Node processes starting at once (tsx compiling each) took 27 s of the default 30 beside the rest of
  // the suite, and more when CI runs the suite a second time on Node 24.
  it.each([
    ['an existing cluster', 20, true],
    ['a new folder (each makes a cluster, one is kept)', 4, false],
  ])(
    'lets exactly one of the processes starting at once on %s have it',
    async (_, count, initialised) => {
      const dataDir = newDataDir();
      if (initialised) await (await startEmbeddedPostgres(dataDir)).stop();
      const starts = await Promise.all(Array.from({ length: count }, () => startInChild(dataDir)));
      const winners = starts.filter((start) => !start.refused);
      expect(winners).toHaveLength(1);
      for (const loser of starts.filter((start) => start.refused)) {
        expect(loser.refused).toMatch(/in use by another (Reformer )?process/);
      }
      expect(await query(winners[0]?.url ?? '', 'select 1 as answer')).toEqual([{ answer: 1 }]);
      // Twenty Node processes starting at once (tsx compiling each): 27 s of 30 on a machine running the suite,
      // past it when CI runs the suite a second time on Node 24 beside other work.
    },
    90_000,
  );

  it('says clearly that a data folder of the old embedded database cannot be used', async () => {
    const dataDir = newDataDir();
    mkdirSync(join(dataDir, 'pglite'));
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(/old embedded kind \(PGlite/);
  });
});
