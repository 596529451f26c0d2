import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  clusterPassword,
  clusterPath,
  DataDirLockedError,
  initialiseCluster,
  refuseOldEmbeddedDatabase,
} from './cluster-folder.ts';
import { ownerSetting, takeOverCluster } from './cluster-owner.ts';
import { loadPostgresBinaries, postgresRunAs, type RunAs } from './postgres-binaries.ts';

export { DataDirLockedError };

export type EmbeddedPostgres = {
  /** Connection URL of the application database (`reformer`). */
  url: string;
  /** Connection URL of the maintenance database, for creating and dropping databases (tests). */
  adminUrl: string;
  /** PostgreSQL's postmaster and the watchdog that stops it if this process dies. */
  pids: { postgres: number; watchdog: number };
  stop(): Promise<void>;
};

const APP_DATABASE = 'reformer';
const watchdogPath = fileURLToPath(new URL('./watchdog.mjs', import.meta.url));

/**
 * Runs a real PostgreSQL server with its cluster in `<dataDir>/postgres` (decision 008): created on first
 * start, listening on a free port of 127.0.0.1 only, with a generated password. It stops with `stop()`,
 * and by its watchdog if this process dies without calling it.
 */
export async function startEmbeddedPostgres(dataDirOption: string): Promise<EmbeddedPostgres> {
  const dataDir = resolve(dataDirOption);
  mkdirSync(dataDir, { recursive: true });
  refuseOldEmbeddedDatabase(dataDir);
  const binaries = await loadPostgresBinaries();
  const runAs = postgresRunAs();
  const password = clusterPassword(dataDir);
  await initialiseCluster(dataDir, binaries, runAs, password);
  const cluster = clusterPath(dataDir);
  await takeOverCluster(cluster, dataDir, password);

  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const server = spawnPostgres(binaries.postgres, cluster, port, runAs, dataDir);
    const credentials = `postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    const adminUrl = `postgres://${credentials}/postgres`;
    const failure = await Promise.race([waitUntilReady(adminUrl), server.exited.then(() => 'exited')]);
    if (failure === null) {
      await createAppDatabase(adminUrl);
      const watchdog = startWatchdog(server.child.pid as number);
      const url = `postgres://${credentials}/${APP_DATABASE}`;
      // For the operator commands (npm run reset-password-link) while the server runs; gone when it stops.
      writeFileSync(runningUrlPath(dataDir), url, { mode: 0o600 });
      return {
        url,
        adminUrl,
        pids: { postgres: server.child.pid as number, watchdog: watchdog.pid as number },
        stop: async () => {
          rmSync(runningUrlPath(dataDir), { force: true });
          watchdog.kill('SIGKILL');
          server.child.kill('SIGINT');
          await server.exited;
        },
      };
    }
    server.child.kill('SIGKILL');
    await server.exited;
    const log = readLogTail(server.logPath, server.logStart);
    if (log.includes('lock file "postmaster.pid" already exists')) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another process that is starting PostgreSQL on it.`,
      );
    }
    // Another program took the port between our probe and PostgreSQL's bind: try a new one.
    if (log.includes('could not bind') && attempt < 3) continue;
    throw new Error(
      `The embedded PostgreSQL did not start (${failure}). Its log (${server.logPath}):\n${log}`,
    );
  }
}

const runningUrlPath = (dataDir: string) => join(dataDir, 'postgres.url');

/** The application database's URL of the embedded PostgreSQL a server is running on `dataDir`, if any. */
export async function runningEmbeddedPostgresUrl(dataDir: string): Promise<string | null> {
  let url: string;
  try {
    url = readFileSync(runningUrlPath(resolve(dataDir)), 'utf8').trim();
  } catch {
    return null;
  }
  return (await waitUntilReady(url, 2000)) === null ? url : null;
}

function spawnPostgres(postgres: string, cluster: string, port: number, runAs: RunAs, dataDir: string) {
  // The log goes to a file, not a pipe to us: PostgreSQL must go on writing it after this process is gone.
  const logPath = join(dataDir, 'postgres.log');
  const logFd = openSync(logPath, 'a');
  const logStart = statSync(logPath).size;
  const child = spawn(
    postgres,
    [
      '-D',
      cluster,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'log_checkpoints=off',
      '-c',
      ownerSetting(process.pid),
    ],
    {
      ...(runAs ?? {}),
      // Its own process group: a Ctrl-C in the terminal reaches the server, which stops PostgreSQL after
      // its own connections, instead of PostgreSQL ending them under running requests.
      detached: true,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', logFd, logFd],
    },
  );
  closeSync(logFd);
  const exited = new Promise<void>((done) => {
    child.once('exit', () => done());
    child.once('error', () => done());
  });
  return { child, exited, logPath, logStart };
}

/** Resolves null once PostgreSQL accepts a connection; the reason it gave up after `timeoutMs` otherwise. */
async function waitUntilReady(adminUrl: string, timeoutMs = 60_000): Promise<string | null> {
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

async function createAppDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
    if (!rowCount) await client.query(`create database ${APP_DATABASE}`);
  } finally {
    await client.end();
  }
}

function startWatchdog(postgresPid: number): ChildProcess {
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
