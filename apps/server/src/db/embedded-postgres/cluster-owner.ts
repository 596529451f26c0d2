import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DataDirLockedError } from './cluster-folder.ts';

/**
 * PostgreSQL's own postmaster.pid is the data folder's lock: PostgreSQL takes it atomically and clears a
 * stale one itself. What it cannot know is whether the Reformer process that started it is still alive, so
 * every start sets `reformer.owner_pid`, which the running server then reports.
 */
export const ownerSetting = (pid: number) => `reformer.owner_pid=${pid}`;

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (PostgreSQL run as `postgres` by root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Before starting: refuses if a live Reformer process runs this cluster, and stops a PostgreSQL whose
 * Reformer died without stopping it (its watchdog killed too, e.g. the whole process group got SIGKILL).
 * The server named in postmaster.pid is asked who it is, so a stale file whose pid now belongs to some
 * other program is never signalled; PostgreSQL clears such a file itself when it starts.
 */
export async function takeOverCluster(cluster: string, dataDir: string, password: string): Promise<void> {
  await waitForDeadPostmaster(cluster);
  const running = await askRunningServer(cluster, password);
  if (!running) return;
  if (running.ownerPid === null) {
    throw new DataDirLockedError(
      `The data folder ${dataDir} is in use by a PostgreSQL server (pid ${running.pid}) that Reformer did not start. Stop it first.`,
    );
  }
  if (isAlive(running.ownerPid)) {
    throw new DataDirLockedError(
      `The data folder ${dataDir} is in use by another Reformer process (pid ${running.ownerPid}). ` +
        'Stop it first, or start this one with another DATA_DIR.',
    );
  }
  await stopProcess(running.pid);
}

function readPostmasterPid(cluster: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/**
 * A postmaster killed after the Reformer that started it is a zombie until init reaps it, which some
 * inits (a container's) do only seconds later. PostgreSQL takes a zombie's pid for a live postmaster and
 * refuses the folder, so the start waits for it to be reaped.
 */
async function waitForDeadPostmaster(cluster: string, timeoutMs = 60_000): Promise<void> {
  const pid = readPostmasterPid(cluster)?.pid ?? 0;
  const deadline = Date.now() + timeoutMs;
  while (pid > 0 && isZombie(pid) && Date.now() < deadline) await sleep(50);
}

/** Linux's process state; elsewhere there is no /proc and a zombie is not told apart (false). */
export function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state …": the command may hold spaces and parentheses, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

async function askRunningServer(cluster: string, password: string) {
  const postmaster = readPostmasterPid(cluster);
  if (!postmaster) return null;
  const { pid, port } = postmaster;
  if (!(pid > 0 && port > 0) || !isAlive(pid)) return null;
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'postgres',
    connectionTimeoutMillis: 3000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ directory: string; owner: string | null }>(
      "select current_setting('data_directory') as directory, current_setting('reformer.owner_pid', true) as owner",
    );
    const [row] = rows;
    if (!row || realpathSync(row.directory) !== realpathSync(cluster)) return null;
    return { pid, ownerPid: row.owner ? Number(row.owner) : null };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Fast shutdown (SIGINT: running queries end, a checkpoint is written), immediate after 30 s. */
export async function stopProcess(pid: number, graceMs = 30_000): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGINT');
  const deadline = Date.now() + graceMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) signal('SIGQUIT');
    await sleep(25);
  }
}
