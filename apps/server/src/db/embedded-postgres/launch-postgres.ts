import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DataDirLockedError } from './cluster-folder.ts';
import { ownerSetting } from './cluster-owner.ts';
import type { PostgresBinaries, RunAs } from './postgres-binaries.ts';
import type { RunningPostgres } from './supervise-restarts.ts';

/** Where and as whom the embedded PostgreSQL runs. */
export type Cluster = {
  binaries: PostgresBinaries;
  cluster: string;
  runAs: RunAs;
  dataDir: string;
  password: string;
  /** More `-c name=value` settings (WAL archiving, a recovery's target). */
  settings?: string[];
};

const watchdogPath = fileURLToPath(new URL('./watchdog.mjs', import.meta.url));

/**
 * A started PostgreSQL and its watchdog; the port is a free one unless `fixedPort` is given. It listens on
 * 127.0.0.1 and, where the path fits, on a Unix socket in the cluster's own folder, which only the cluster's
 * owner (and root) may enter: the server's pools connect there (`host`), since a Unix socket costs both
 * processes less kernel work per round trip than loopback TCP (decision 018); tools and tests that name a port
 * keep the TCP one.
 */
export async function launchPostgres(cluster: Cluster, fixedPort?: number): Promise<RunningPostgres> {
  for (let attempt = 1; ; attempt += 1) {
    const port = fixedPort ?? (await freePort());
    const socketFolder = socketFolderFor(cluster.cluster, port);
    const server = spawnPostgres(cluster, port, socketFolder);
    const adminUrl = `postgres://postgres:${encodeURIComponent(cluster.password)}@127.0.0.1:${port}/postgres`;
    const failure = await Promise.race([waitUntilReady(adminUrl), server.exited.then(() => 'exited')]);
    if (failure === null) {
      const watchdog = startWatchdog(server.child.pid as number);
      return {
        port,
        host: socketFolder ?? '127.0.0.1',
        exited: server.exited,
        pids: { postgres: server.child.pid as number, watchdog: watchdog.pid as number },
        stop: async () => {
          watchdog.kill('SIGKILL');
          server.child.kill('SIGINT');
          await server.exited;
        },
        forgetWatchdog: () => watchdog.kill('SIGKILL'),
      };
    }
    server.child.kill('SIGKILL');
    await server.exited;
    const log = readLogTail(server.logPath, server.logStart);
    if (log.includes('lock file "postmaster.pid" already exists')) {
      throw new DataDirLockedError(
        `The data folder ${cluster.dataDir} is in use by another process that is starting PostgreSQL on it.`,
      );
    }
    // Another program took the port between our probe and PostgreSQL's bind: try a new one.
    if (log.includes('could not bind') && attempt < 3 && fixedPort === undefined) continue;
    throw new Error(
      `The embedded PostgreSQL did not start (${failure}). Its log (${server.logPath}):\n${log}`,
    );
  }
}

/** The longest socket path Linux takes (sockaddr_un's 108 bytes, less the final NUL). */
const MAX_SOCKET_PATH_BYTES = 107;

/** The cluster's folder when its socket's path fits; null (TCP only) for a folder too deep or one with a quote. */
export function socketFolderFor(cluster: string, port: number): string | null {
  if (cluster.includes('"')) return null;
  return Buffer.byteLength(join(cluster, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH_BYTES ? cluster : null;
}

function spawnPostgres(
  { binaries, cluster, runAs, dataDir, settings = [] }: Cluster,
  port: number,
  socketFolder: string | null,
) {
  return spawnPostgresProcess(binaries.postgres, runAs, join(dataDir, 'postgres.log'), [
    '-D',
    cluster,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    // Quoted: a folder's name may hold a comma, which would otherwise separate two folders.
    `unix_socket_directories=${socketFolder === null ? '' : `"${socketFolder}"`}`,
    '-c',
    'unix_socket_permissions=0700',
    '-c',
    'log_checkpoints=off',
    '-c',
    ownerSetting(process.pid),
    ...settings.flatMap((setting) => ['-c', setting]),
  ]);
}

/**
 * A `postgres` process with `args`, as `runAs`, logging to `logPath` (appended; `logStart` is where this run's
 * lines begin): the embedded server's and, on a move to a new major, the old one's.
 */
export function spawnPostgresProcess(postgres: string, runAs: RunAs, logPath: string, args: string[]) {
  // The log goes to a file, not a pipe to us: PostgreSQL must go on writing it after this process is gone.
  const logFd = openSync(logPath, 'a');
  const logStart = statSync(logPath).size;
  const child = spawn(postgres, args, {
    ...(runAs ?? {}),
    // Its own process group: a Ctrl-C in the terminal reaches the server, which stops PostgreSQL after
    // its own connections, instead of PostgreSQL ending them under running requests.
    detached: true,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const exited = new Promise<void>((done) => {
    child.once('exit', () => done());
    child.once('error', () => done());
  });
  return { child, exited, logPath, logStart };
}

/** Resolves null once PostgreSQL accepts a connection; the reason it gave up after `timeoutMs` otherwise. */
export async function waitUntilReady(adminUrl: string, timeoutMs = 60_000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return null;
    } catch (error) {
      lastError = (error as Error).message;
      await client.end().catch(() => {});
      await sleep(25);
    }
  }
  return `no connection within ${timeoutMs / 1000} s: ${lastError}`;
}

export function startWatchdog(postgresPid: number): ChildProcess {
  const watchdog = spawn(process.execPath, [watchdogPath, String(postgresPid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the watchdog nor its pipe may keep this process alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function readLogTail(path: string, from: number): string {
  try {
    return readFileSync(path).subarray(from).toString('utf8').slice(-4000);
  } catch {
    return '';
  }
}
