import type { KeyObject } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chown, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { platform } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { countOffsiteCopyFailure, reportWalArchive } from '../observability/metrics.ts';
import { BackupFileError, createOpeningStream, createSealingStream } from './backup-container.ts';
import { createEntryWriter, readEntries } from './backup-entries.ts';
import { describeOffsiteError, type OffsiteStorage } from './offsite-copy.ts';
import { PURGE_LEDGER_FILE, purgeLedgerPath } from './purge-ledger.ts';

/**
 * Continuous WAL archiving for the embedded PostgreSQL (decision 036, point in time). PostgreSQL's
 * `archive_command` only copies a finished segment into the *outbox* (a folder beside the cluster that its
 * user may write) and syncs it; this process then seals each one with the backup public key into
 * `<archive>/<segment>.rfw` and removes it from the outbox. So the archive on the backup disk is encrypted like
 * every backup, PostgreSQL's user needs neither the key nor the backup folder, and a segment leaves the outbox
 * only once its sealed copy is on disk.
 */
export const WAL_ARCHIVE_EXTENSION = '.rfw';
/** 24 hex digits: timeline, log, segment; `<timeline>.history` after a recovery; `<segment>.<offset>.backup`. */
const ARCHIVED_NAME = /^([0-9A-F]{24}|[0-9A-F]{8}\.history|[0-9A-F]{24}\.[0-9A-F]{8}\.backup)$/;
const PARTIAL = '.partial';

/** Forces a segment switch at least this often when anything was written: the recovery point objective. */
export const ARCHIVE_TIMEOUT_SECONDS = 60;

const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

/**
 * The command PostgreSQL runs through /bin/sh for each finished segment (`%p` its path from the cluster,
 * `%f` its name): copied under a temporary name, synced (Linux's coreutils sync takes a file), renamed. A
 * repeat after a crash overwrites the same bytes; the archiver treats a segment it already sealed the same way.
 */
export function archiveCommand(outbox: string): string {
  const partial = quote(join(outbox, `%f${PARTIAL}`));
  const sync = platform() === 'linux' ? ` && sync ${partial}` : '';
  return `cp %p ${partial}${sync} && mv -f ${partial} ${quote(join(outbox, '%f'))}`;
}

/** The settings that make PostgreSQL archive into `outbox`, given on its command line. */
export function archiveSettings(outbox: string): string[] {
  return [
    'wal_level=replica',
    'archive_mode=on',
    `archive_command=${archiveCommand(outbox)}`,
    `archive_timeout=${ARCHIVE_TIMEOUT_SECONDS}`,
  ];
}

export type WalArchiver = {
  readonly outbox: string;
  readonly archiveDir: string;
  /** Seals what the outbox holds now (and what arrives meanwhile); resolves once it is in the archive. */
  drain(): Promise<void>;
  /**
   * Keeps the outbox's plain copies of segments from now on until released: a base backup puts the WAL it
   * needs into its own file, which the sealed archive (openable only with the private key) cannot give back.
   */
  hold(): WalHold;
  /** When a segment was last sealed into the archive (null: none since start). */
  lastArchivedAt(): Date | null;
  stop(): Promise<void>;
};

export type WalHold = { release(): void };

/** Moves sealed segments out of the outbox every `intervalMs` until stopped. */
export function startWalArchiver(options: {
  outbox: string;
  archiveDir: string;
  recipient: KeyObject;
  intervalMs?: number;
  log?: (message: string) => void;
  /**
   * S3-compatible storage each sealed segment is copied to (decision 036, offsite copy), under `wal/`, with the
   * purge ledger beside the backups: the archive survives the loss of the machine, not only of its disk.
   */
  offsite?: OffsiteStorage | null;
}): WalArchiver {
  const { outbox, archiveDir, recipient } = options;
  const shipper = options.offsite ? shipOffsite(options.offsite, archiveDir) : null;
  const log = options.log ?? ((message: string) => console.error(`[backups] ${message}`));
  const holds = new Set<WalHold>();
  /** Segments sealed while held: removed from the outbox when the last hold is released. */
  const sealedWhileHeld = new Set<string>();
  let lastArchivedAt: Date | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let failing = false;

  const sealOne = async (name: string) => {
    await sealWalFile(join(outbox, name), archiveDir, name, recipient);
    lastArchivedAt = new Date();
    reportWalArchive({ sealedAt: lastArchivedAt });
    shipper?.sealed(name);
    if (holds.size > 0) sealedWhileHeld.add(name);
    else await rm(join(outbox, name), { force: true });
  };
  const drainOnce = async () => {
    for (const name of (await readdir(outbox)).filter((entry) => ARCHIVED_NAME.test(entry)).sort()) {
      if (sealedWhileHeld.has(name)) continue;
      await sealOne(name);
    }
    await shipper?.ship();
  };
  const drain = () => {
    // One pass at a time; a caller waits for the pass that starts after its call.
    running = running.then(drainOnce, drainOnce).then(
      () => {
        if (failing) log('WAL archiving works again.');
        failing = false;
      },
      (error: Error) => {
        reportWalArchive('failed');
        if (!failing) log(`WAL archiving failed (will retry): ${error.message}`);
        failing = true;
        throw error;
      },
    );
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) drain().catch(() => {});
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    outbox,
    archiveDir,
    drain,
    lastArchivedAt: () => lastArchivedAt,
    hold() {
      const hold: WalHold = {
        release() {
          if (!holds.delete(hold) || holds.size > 0) return;
          const names = [...sealedWhileHeld];
          sealedWhileHeld.clear();
          for (const name of names) rm(join(outbox, name), { force: true }).catch(() => {});
        },
      };
      holds.add(hold);
      return hold;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await drain().catch(() => {});
    },
  };
}

export const OFFSITE_WAL_PREFIX = 'wal/';

/**
 * Copies sealed segments to S3-compatible storage: each as it is sealed, and at start those the bucket lacks
 * (a copy that failed before a restart); the purge ledger beside the backups whenever it changed. A failed
 * copy is counted and retried on the next pass; the local archive is the one PostgreSQL waits on, never this.
 */
function shipOffsite(storage: OffsiteStorage, archiveDir: string) {
  const pending = new Set<string>();
  const ledger = purgeLedgerPath(dirname(archiveDir));
  let ledgerShippedAt = 0;
  let caughtUp = false;
  let failing = false;
  const fail = (what: 'wal' | 'purge-ledger', error: unknown) => {
    countOffsiteCopyFailure(what);
    if (!failing)
      console.error(
        `[backups] copying the ${what} to S3 failed (will retry): ${describeOffsiteError(error)}`,
      );
    failing = true;
  };
  return {
    sealed(name: string) {
      pending.add(name);
    },
    async ship() {
      if (!caughtUp) {
        try {
          const stored = new Set((await storage.list(OFFSITE_WAL_PREFIX)).map((object) => object.key));
          for (const name of await archivedWalNames(archiveDir))
            if (!stored.has(`${OFFSITE_WAL_PREFIX}${name}${WAL_ARCHIVE_EXTENSION}`)) pending.add(name);
          caughtUp = true;
        } catch (error) {
          return fail('wal', error);
        }
      }
      for (const name of [...pending].sort()) {
        const file = `${name}${WAL_ARCHIVE_EXTENSION}`;
        try {
          await storage.copyFile(join(archiveDir, file), `${OFFSITE_WAL_PREFIX}${file}`);
          pending.delete(name);
        } catch (error) {
          // Pruned meanwhile: nothing left to copy.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') pending.delete(name);
          else return fail('wal', error);
        }
      }
      const changedAt = await stat(ledger).then(
        (found) => found.mtimeMs,
        () => 0,
      );
      if (changedAt > ledgerShippedAt) {
        try {
          await storage.copyFile(ledger, PURGE_LEDGER_FILE);
          ledgerShippedAt = changedAt;
        } catch (error) {
          return fail('purge-ledger', error);
        }
      }
      failing = false;
    },
  };
}

/** The outbox beside a cluster folder, made writable by the cluster's user. */
export async function prepareOutbox(cluster: string, owner: { uid: number; gid: number } | null) {
  const outbox = `${cluster}-wal-outbox`;
  await mkdir(outbox, { recursive: true, mode: 0o700 });
  if (owner) await chown(outbox, owner.uid, owner.gid);
  return outbox;
}

/** Seals one WAL file into `<archiveDir>/<name>.rfw`: gzip (a switched segment is mostly zeros) inside the container. */
export async function sealWalFile(source: string, archiveDir: string, name: string, recipient: KeyObject) {
  await mkdir(archiveDir, { recursive: true, mode: 0o700 });
  const target = join(archiveDir, `${name}${WAL_ARCHIVE_EXTENSION}`);
  const partial = `${target}${PARTIAL}`;
  const gzip = createGzip();
  const written = pipeline(gzip, createSealingStream(recipient), createWriteStream(partial, { mode: 0o600 }));
  const writer = createEntryWriter(gzip);
  try {
    await writer.add(name, createReadStream(source));
    await writer.end();
    gzip.end();
    await written;
    await syncPath(partial);
    await rename(partial, target);
    await syncPath(archiveDir);
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** Opens `<name>.rfw` into `target`; refuses a file whose entry is another segment's (a renamed file). */
export async function openWalFile(archived: string, name: string, target: string, privateKey: KeyObject) {
  let found = false;
  await pipeline(
    createReadStream(archived),
    createOpeningStream(privateKey),
    createGunzip(),
    async (source) => {
      for await (const entry of readEntries(source)) {
        if (found || entry.name !== name)
          throw new BackupFileError('DAMAGED', `The archived WAL file ${archived} does not hold ${name}.`);
        found = true;
        await pipeline(entry.content, createWriteStream(target, { mode: 0o600 }));
      }
    },
  );
  if (!found) throw new BackupFileError('DAMAGED', `The archived WAL file ${archived} is empty.`);
}

/** The archive's WAL file names (without the extension), in order. */
export async function archivedWalNames(archiveDir: string): Promise<string[]> {
  try {
    return (await readdir(archiveDir))
      .filter((entry) => entry.endsWith(WAL_ARCHIVE_EXTENSION))
      .map((entry) => entry.slice(0, -WAL_ARCHIVE_EXTENSION.length))
      .filter((name) => ARCHIVED_NAME.test(name))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Removes archived segments (and backup history files) older than `oldestNeeded`; history files stay. */
export async function pruneWalArchive(archiveDir: string, oldestNeeded: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await archivedWalNames(archiveDir)) {
    if (name.endsWith('.history')) continue;
    // Segment names sort by timeline then position; comparing the position part keeps every timeline's tail.
    if (name.slice(8, 24) >= oldestNeeded.slice(8, 24)) continue;
    await rm(join(archiveDir, `${name}${WAL_ARCHIVE_EXTENSION}`), { force: true });
    removed.push(name);
  }
  return removed;
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
