import type { KeyObject } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withClient } from '../../backups/database-tables.ts';
import { writeLogicalBackup } from '../../backups/logical-backup.ts';
import { DataDirLockedError } from './cluster-folder.ts';
import { isAlive, isZombie, stopProcess, takeOverCluster } from './cluster-owner.ts';
import { spawnPostgresProcess, startWatchdog, waitUntilReady } from './launch-postgres.ts';
import type { RunAs } from './postgres-binaries.ts';

/** The old cluster and what opens it: its folder, the older major's `postgres`, the superuser's password. */
export type OldCluster = { cluster: string; dataDir: string; postgres: string; password: string };

/**
 * Starts the old cluster with its own major's `postgres` and writes a logical export of the application
 * database (backups/logical-backup.ts: one repeatable-read snapshot, the last migration in its manifest) into
 * `folder`, encrypted for `recipient`; null when the cluster never got an application database. The server
 * listens only on a Unix socket in a private folder (no TCP port, so nothing else can reach it), runs as the
 * cluster's owner, and has a watchdog that stops it if this process dies. It gets none of launchPostgres's
 * settings, which are the current major's: only what every major knows, and WAL archiving off, so none of its
 * WAL reaches the new cluster's archive.
 */
export async function exportOldCluster(old: OldCluster, folder: string, recipient: KeyObject) {
  await takeOverCluster(old.cluster, old.dataDir, old.password);
  await waitForStoppingPostmaster(old.cluster);
  const owner = clusterOwner(old.cluster);
  const socketFolder = mkdtempSync(join(tmpdir(), 'reformer-upgrade-'));
  if (owner) chownSync(socketFolder, owner.uid, owner.gid);
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(old.password)}@localhost:5432/${database}?host=${encodeURIComponent(socketFolder)}`;
  const server = spawnOldPostgres(old, owner, socketFolder);
  const watchdog = startWatchdog(server.pid);
  try {
    const failure = await Promise.race([waitUntilReady(url('postgres')), server.exited.then(() => 'exited')]);
    if (failure !== null)
      throw new Error(
        `PostgreSQL ${old.postgres} did not start on the old cluster (${failure}). Its log (${server.logPath}):\n${server.logTail()}`,
      );
    const hasAppDatabase = await withClient(url('postgres'), async (client) => {
      const { rowCount } = await client.query("select 1 from pg_database where datname = 'reformer'");
      return rowCount === 1;
    });
    if (!hasAppDatabase) return null;
    return await writeLogicalBackup({
      databaseUrl: url('reformer'),
      databaseMode: 'embedded',
      folder,
      recipient,
      dataDirFiles: [],
    });
  } finally {
    watchdog.kill('SIGKILL');
    await stopProcess(server.pid);
    rmSync(socketFolder, { recursive: true, force: true });
  }
}

/** Run as root, the cluster's files belong to the user PostgreSQL ran as, and so must the old server. */
function clusterOwner(cluster: string): RunAs {
  if (process.getuid?.() !== 0) return null;
  const { uid, gid } = statSync(cluster);
  return { uid, gid };
}

function spawnOldPostgres(old: OldCluster, owner: RunAs, socketFolder: string) {
  const { child, exited, logPath, logStart } = spawnPostgresProcess(
    old.postgres,
    owner,
    join(old.dataDir, 'postgres.log'),
    [
      '-D',
      old.cluster,
      // Names the socket file (.s.PGSQL.5432) only: with listen_addresses empty there is no TCP port.
      '-p',
      '5432',
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketFolder}`,
      '-c',
      'archive_mode=off',
    ],
  );
  const logTail = () => readFileSync(logPath).subarray(logStart).toString('utf8').slice(-4000);
  return { pid: child.pid as number, exited, logPath, logTail };
}

/**
 * An upgrade killed during its export leaves the old server running until its watchdog's fast shutdown ends
 * it; a new start waits for that rather than refusing the folder. One still running after 30 s is not ours.
 */
async function waitForStoppingPostmaster(cluster: string): Promise<void> {
  let pid = 0;
  try {
    pid = Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  const running = () => pid > 0 && isAlive(pid) && !isZombie(pid);
  const deadline = Date.now() + 30_000;
  while (running() && Date.now() < deadline) await sleep(100);
  if (running())
    throw new DataDirLockedError(
      `The old cluster ${cluster} is in use by a PostgreSQL server (pid ${pid}) that Reformer did not start. Stop it first.`,
    );
}
