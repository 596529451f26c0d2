import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DataDirLockedError } from './cluster-folder.ts';
import { isAlive } from './cluster-owner.ts';

/**
 * The files of a move of the embedded cluster to another PostgreSQL major (major-upgrade.ts), beside the cluster
 * (so its renames stay on one file system): the new cluster being built, the export it is loaded from, the
 * journal of the renames, and the lock that keeps a second start out.
 */
export function movePaths(cluster: string) {
  return {
    staging: `${cluster}.upgrade-new`,
    exportFolder: `${cluster}.upgrade-export`,
    journal: `${cluster}.upgrade.json`,
    lock: `${cluster}.upgrade.lock`,
  };
}
export type MovePaths = ReturnType<typeof movePaths>;

/** The start log's lines about a move, beside PostgreSQL's other notices (supervise-restarts.ts). */
export const logMove = (line: string) => console.error(`[database] ${line}`);

/** What a move decided before its first rename; while this file exists the move is finished, never redone. */
export type MoveJournal = { from: number; to: number; staging: string; aside: string };

export const clusterMajor = (cluster: string): number | null => {
  try {
    return Number.parseInt(readFileSync(join(cluster, 'PG_VERSION'), 'utf8'), 10);
  } catch {
    return null;
  }
};

export const readJournal = (path: string): MoveJournal | null =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as MoveJournal) : null;

/** Written aside, synced and renamed, so a journal is either whole or absent. */
export function writeJournal(path: string, journal: MoveJournal): void {
  const partial = `${path}.partial`;
  writeFileSync(partial, JSON.stringify(journal), { mode: 0o600 });
  syncPath(partial);
  renameSync(partial, path);
  syncPath(dirname(path));
}

/**
 * Does the journal's renames — the old cluster aside, the new one into its place — each only if still to do,
 * so a start killed between them finishes them on the next one; then the journal goes. Answers where the old
 * cluster is kept, and, run as root with the cluster under /var/lib/reformer, a link to it in DATA_DIR.
 */
export function finishMove(cluster: string, dataDir: string, journal: MoveJournal): string[] {
  if (clusterMajor(cluster) === journal.from && !existsSync(journal.aside))
    renameSync(cluster, journal.aside);
  if (!existsSync(cluster)) {
    if (!existsSync(journal.staging))
      throw new Error(
        `The move of the embedded database to PostgreSQL ${journal.to} (${cluster}.upgrade.json) finds neither ` +
          `the cluster nor the new one (${journal.staging}); the old cluster is in ${journal.aside}.`,
      );
    renameSync(journal.staging, cluster);
  }
  syncPath(dirname(cluster));
  const kept = [journal.aside];
  const shown = join(dataDir, basename(journal.aside));
  if (dirname(cluster) !== dataDir) {
    if (!existsSync(shown)) symlinkSync(journal.aside, shown);
    kept.push(shown);
  }
  rmSync(movePaths(cluster).journal, { force: true });
  return kept;
}

/** What a killed attempt left before its journal: never the old cluster, which is not among these. */
export function removeLeftovers(paths: MovePaths): void {
  const folder = dirname(paths.staging);
  for (const name of readdirSync(folder))
    if (name.startsWith(basename(paths.staging)) || name === basename(paths.exportFolder))
      rmSync(join(folder, name), { recursive: true, force: true });
}

/**
 * Only one start moves a cluster: a lock file made exclusively, holding the pid; one whose process is gone (a
 * start killed mid-way) is taken over. Answers its release.
 */
export function takeMoveLock(paths: MovePaths, dataDir: string): () => void {
  for (;;) {
    try {
      writeFileSync(paths.lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(paths.lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(paths.lock, 'utf8'));
    if (holder > 0 && holder !== process.pid && isAlive(holder))
      throw new DataDirLockedError(
        `Another Reformer process (pid ${holder}) is moving the embedded database of ${dataDir} to a new ` +
          'PostgreSQL major. Wait for it to finish, then start again.',
      );
    rmSync(paths.lock, { force: true });
  }
}

function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
