import type { KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { writeBackupFile } from './backup-file.ts';
import { MANIFEST_FORMAT_VERSION } from './backup-manifest.ts';
import { DATA_DIR_ENTRY, type DataDirFile } from './data-dir-files.ts';
import { lastMigration } from './logical-backup.ts';
import { reformerVersion } from './reformer-version.ts';
import type { WalArchiver } from './wal-archive.ts';

/** Entry names of a physical backup: the cluster's folders and files, the WAL it needs, PostgreSQL's label. */
export const CLUSTER_FOLDER_ENTRY = 'cluster-folder/';
export const CLUSTER_FILE_ENTRY = 'cluster/';
export const WAL_ENTRY = 'pg_wal/';
export const BACKUP_LABEL_ENTRY = 'backup_label';
export const TABLESPACE_MAP_ENTRY = 'tablespace_map';

/**
 * What a base backup leaves out, as PostgreSQL's documentation of the low-level API lists it: the server's
 * own pid and options, and folders whose contents a starting server makes again (kept, empty). pg_wal's
 * segments come from the archive instead: exactly those from the backup's start to its stop.
 */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'pg_internal.init',
  'backup_label',
  'tablespace_map',
]);
/**
 * Also the lock file of the server's Unix socket (`.s.PGSQL.<port>.lock`, launch-postgres.ts): like
 * postmaster.pid it names this run's process, which a restored cluster must not find.
 */
const isSkippedFile = (name: string) => SKIPPED_FILES.has(name) || name.startsWith('.s.PGSQL.');
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

export type PhysicalBackupOptions = {
  /** A superuser's connection to the embedded cluster (the application's URL is one). */
  databaseUrl: string;
  /** The cluster's folder (`clusterLocation`). */
  cluster: string;
  archiver: WalArchiver;
  folder: string;
  recipient: KeyObject;
  /** The DATA_DIR files of a logical backup, and the cluster's password file: the copied cluster keeps it. */
  dataDirFiles: DataDirFile[];
};

/**
 * The physical base backup (decision 036): `pg_backup_start` on one connection, a copy of the cluster's files
 * while writes go on (torn and changing pages are put right by replaying the WAL), `pg_backup_stop` waiting
 * until every segment up to its end is archived, then those segments — held back in the archiver's outbox
 * meanwhile — and PostgreSQL's backup label. The file alone restores the cluster as of its end; with the
 * WAL archive, to any later moment.
 */
export async function writePhysicalBackup(options: PhysicalBackupOptions) {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const hold = options.archiver.hold();
  let started = false;
  try {
    const createdAt = new Date();
    const migration = await lastMigration(client);
    const { rows: settings } = await client.query<{ version: string; version_num: string; segment: string }>(
      `select current_setting('server_version') as version, current_setting('server_version_num') as version_num,
              current_setting('wal_segment_size') as segment`,
    );
    const [server] = settings;
    if (!server) throw new Error('PostgreSQL did not answer');
    const { rows: begun } = await client.query<{ lsn: string; wal: string; timeline: number }>(
      `select lsn::text, pg_walfile_name(lsn) as wal,
              ('x' || substr(pg_walfile_name(lsn), 1, 8))::bit(32)::int as timeline
         from pg_backup_start($1, true) as lsn`,
      [`reformer ${createdAt.toISOString()}`],
    );
    started = true;
    const start = begun[0];
    if (!start) throw new Error('pg_backup_start did not answer');
    return await writeBackupFile({
      folder: options.folder,
      recipient: options.recipient,
      createdAt,
      kind: 'physical',
      fill: async (contents) => {
        for await (const item of clusterContents(options.cluster)) {
          if (item.kind === 'folder') await contents.add(`${CLUSTER_FOLDER_ENTRY}${item.path}`, []);
          else
            await contents.add(
              `${CLUSTER_FILE_ENTRY}${item.path}`,
              readVanishingFile(join(options.cluster, item.path)),
            );
        }
        const { rows: stopped } = await client.query<{
          lsn: string;
          wal: string;
          labelfile: string;
          spcmapfile: string | null;
          at: Date;
        }>(
          `select lsn::text, pg_walfile_name(lsn) as wal, labelfile, spcmapfile, clock_timestamp() as at
             from pg_backup_stop(true)`,
        );
        started = false;
        const stop = stopped[0];
        if (!stop) throw new Error('pg_backup_stop did not answer');
        const segmentBytes = Number(server.segment.replace(/MB$/, '')) * 1024 * 1024;
        for (const name of walSegmentsBetween(start.wal, stop.wal, segmentBytes))
          await contents.add(`${WAL_ENTRY}${name}`, createReadStream(join(options.archiver.outbox, name)));
        await contents.add(BACKUP_LABEL_ENTRY, [Buffer.from(stop.labelfile)]);
        if (stop.spcmapfile) await contents.add(TABLESPACE_MAP_ENTRY, [Buffer.from(stop.spcmapfile)]);
        for (const file of options.dataDirFiles)
          await contents.add(`${DATA_DIR_ENTRY}${file.path}`, [file.content]);
        return {
          format: 'reformer-backup',
          formatVersion: MANIFEST_FORMAT_VERSION,
          reformerVersion: reformerVersion(),
          migration,
          postgres: {
            version: server.version.split(' ')[0] ?? '',
            major: Math.floor(Number(server.version_num) / 10000),
          },
          databaseMode: 'embedded',
          snapshotAt: stop.at.toISOString(),
          physical: {
            timeline: start.timeline,
            startLsn: start.lsn,
            stopLsn: stop.lsn,
            startWal: start.wal,
            stopWal: stop.wal,
            walSegmentBytes: segmentBytes,
          },
        };
      },
    });
  } finally {
    // A failed backup must not leave the cluster in backup mode; the session's end would stop it too.
    if (started) await client.query('select pg_backup_stop(false)').catch(() => {});
    hold.release();
    await client.end().catch(() => {});
  }
}

/** The cluster's folders and files, parents first, in a stable order, without what a base backup leaves out. */
async function* clusterContents(
  root: string,
  relative = '',
): AsyncGenerator<{ kind: 'folder' | 'file'; path: string }> {
  const entries = await readdir(join(root, relative), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      // A folder PostgreSQL removed meanwhile (a dropped database's): replay removes it again.
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.name.startsWith('pgsql_tmp')) continue;
    if (entry.isDirectory()) {
      yield { kind: 'folder', path };
      if (!(relative === '' && EMPTIED_FOLDERS.has(entry.name))) yield* clusterContents(root, path);
      else if (entry.name === 'pg_wal') yield { kind: 'folder', path: 'pg_wal/archive_status' };
    } else if (entry.isFile() && !(relative === '' && isSkippedFile(entry.name))) {
      yield { kind: 'file', path };
    }
  }
}

/** A file's bytes; one that PostgreSQL removed while it was listed reads as empty (replay removes it again). */
async function* readVanishingFile(path: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of createReadStream(path)) yield chunk as Buffer;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * The WAL segment names from `first` to `last` (same timeline), inclusive: `TTTTTTTTXXXXXXXXYYYYYYYY` counts
 * segments, with `0x100000000 / segmentBytes` segments per XXXXXXXX.
 */
export function walSegmentsBetween(first: string, last: string, segmentBytes: number): string[] {
  const perLog = 0x100000000 / segmentBytes;
  const timeline = first.slice(0, 8);
  const number = (name: string) =>
    Number.parseInt(name.slice(8, 16), 16) * perLog + Number.parseInt(name.slice(16, 24), 16);
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(8, '0');
  const names: string[] = [];
  for (let segment = number(first); segment <= number(last); segment += 1)
    names.push(`${timeline}${hex(Math.floor(segment / perLog))}${hex(segment % perLog)}`);
  return names;
}
