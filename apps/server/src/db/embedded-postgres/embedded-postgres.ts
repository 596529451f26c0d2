import type { KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { OffsiteStorage } from '../../backups/offsite-copy.ts';
import {
  archiveSettings,
  prepareOutbox,
  startWalArchiver,
  type WalArchiver,
} from '../../backups/wal-archive.ts';
import {
  clusterPassword,
  DataDirLockedError,
  initialiseCluster,
  refuseOldEmbeddedDatabase,
} from './cluster-folder.ts';
import { takeOverCluster } from './cluster-owner.ts';
import { type Cluster, launchPostgres, waitUntilReady } from './launch-postgres.ts';
import { ClusterMajorError, moveClusterToThisMajor } from './major-upgrade.ts';
import { DEFAULT_OLD_MAJOR_SEARCH, type OldMajorSearch } from './old-major-binaries.ts';
import { loadPostgresBinaries, postgresRunAs } from './postgres-binaries.ts';
import { clusterLocation, reachableBinaries } from './reachable-by-postgres.ts';
import { superviseRestarts } from './supervise-restarts.ts';

export { ClusterMajorError, DataDirLockedError };

export type EmbeddedPostgres = {
  /** Connection URL of the application database (`reformer`). */
  url: string;
  /** Connection URL of the maintenance database, for creating and dropping databases (tests). */
  adminUrl: string;
  /** PostgreSQL's postmaster and the watchdog that stops it if this process dies (new ones after a restart). */
  readonly pids: { postgres: number; watchdog: number };
  /** The cluster's folder (a physical backup copies it). */
  cluster: string;
  /** The WAL archiver, when the cluster archives (a backup key is configured). */
  archiver: WalArchiver | null;
  stop(): Promise<void>;
};

export type EmbeddedPostgresOptions = {
  /**
   * PostgreSQL died and cannot be restarted because another process took the data folder meanwhile (the
   * lock rules of decision 008): this server can no longer serve it.
   */
  onLost?: (error: DataDirLockedError) => void;
  /**
   * Archive the WAL continuously, sealed with the backup public key into `archiveDir` (decision 036): point-in-
   * time recovery. Set at start: PostgreSQL reads `archive_mode` only when it starts.
   */
  walArchive?: { archiveDir: string; recipient: KeyObject; offsite?: OffsiteStorage | null };
  /** Where the programs of an older major are looked for when the cluster is of one (decision 036). */
  oldMajorSearch?: OldMajorSearch;
};

const APP_DATABASE = 'reformer';
/**
 * Runs a real PostgreSQL server with its cluster in `<dataDir>/postgres` (decision 008): created on first
 * start, listening on a free port of 127.0.0.1 only, with a generated password. It stops with `stop()`,
 * and by its watchdog if this process dies without calling it; if it dies on its own, it is started again
 * on the same port (decision 033).
 */
export async function startEmbeddedPostgres(
  dataDirOption: string,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const dataDir = resolve(dataDirOption);
  mkdirSync(dataDir, { recursive: true });
  refuseOldEmbeddedDatabase(dataDir);
  const runAs = postgresRunAs();
  const binaries = reachableBinaries(await loadPostgresBinaries(), runAs);
  const password = clusterPassword(dataDir);
  const cluster: Cluster = { binaries, cluster: clusterLocation(dataDir, runAs), runAs, dataDir, password };
  await moveClusterToThisMajor(cluster, options.oldMajorSearch ?? DEFAULT_OLD_MAJOR_SEARCH);
  await initialiseCluster(cluster.cluster, binaries, runAs, password);
  await takeOverCluster(cluster.cluster, dataDir, password);
  const outbox = options.walArchive ? await prepareOutbox(cluster.cluster, runAs) : null;
  if (outbox) cluster.settings = archiveSettings(outbox);

  const first = await launchPostgres(cluster);
  const archiver = outbox && options.walArchive ? startWalArchiver({ outbox, ...options.walArchive }) : null;
  // A socket's folder goes in the host percent-encoded, which pg and libpq read as a path (and URL keeps).
  const credentials = `postgres:${encodeURIComponent(password)}@${encodeURIComponent(first.host)}:${first.port}`;
  const adminUrl = `postgres://${credentials}/postgres`;
  await createAppDatabase(adminUrl);
  const url = `postgres://${credentials}/${APP_DATABASE}`;
  // For the operator commands (npm run reset-password-link) while the server runs; gone when it stops.
  writeFileSync(runningUrlPath(dataDir), url, { mode: 0o600 });
  const supervised = superviseRestarts(first, {
    // Same port, so every pool (ours, pg-boss's) reconnects to it with the URL it already has.
    relaunch: async () => {
      await takeOverCluster(cluster.cluster, dataDir, password);
      return launchPostgres(cluster, first.port);
    },
    onLost: (error) => {
      rmSync(runningUrlPath(dataDir), { force: true });
      options.onLost?.(error);
    },
  });
  return {
    url,
    adminUrl,
    get pids() {
      return supervised.current().pids;
    },
    cluster: cluster.cluster,
    archiver,
    stop: async () => {
      rmSync(runningUrlPath(dataDir), { force: true });
      await supervised.stop();
      // The segments PostgreSQL archived while stopping are sealed before this process goes.
      await archiver?.stop();
    },
  };
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
