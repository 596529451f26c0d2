import { createHash, type KeyObject } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupFileError, createOpeningStream, createSealingStream } from './backup-container.ts';
import { createEntryWriter, type Entry, type EntrySummary, readEntries } from './backup-entries.ts';
import { BackupManifest, MANIFEST_ENTRY, type ManifestEntry, type TableContents } from './backup-manifest.ts';

export const BACKUP_EXTENSION = '.rfb';
const PARTIAL = '.partial';

/** `reformer-backup-2026-11-24T23-18-00.123Z-logical.rfb`: sorts by time, and says which kind it is. */
export function backupFileName(createdAt: Date, kind: BackupManifest['kind']): string {
  return `reformer-backup-${createdAt.toISOString().replace(/:/g, '-')}-${kind}${BACKUP_EXTENSION}`;
}

export type BackupContents = {
  /** Adds an entry, streaming `content` into the file; `table` for a table's rows. */
  add(
    name: string,
    content: AsyncIterable<Buffer> | Iterable<Buffer>,
    table?: () => TableContents,
  ): Promise<void>;
};

/**
 * Writes one backup file into `folder`: into `<name>.partial` first, synced, then renamed, so that a backup
 * killed half-way leaves no file that looks complete. `fill` adds the entries and answers the manifest's
 * other fields; the manifest goes last, with every entry's size and checksum. Partial files left by a run
 * older than this one (killed) are removed first; a failed run removes its own.
 */
export async function writeBackupFile(options: {
  folder: string;
  recipient: KeyObject;
  createdAt: Date;
  kind: BackupManifest['kind'];
  fill: (contents: BackupContents) => Promise<Omit<BackupManifest, 'entries' | 'kind' | 'createdAt'>>;
}): Promise<{ path: string; manifest: BackupManifest; bytes: number }> {
  const { folder, createdAt, kind } = options;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await removeStalePartials(folder, createdAt);
  const path = join(folder, backupFileName(createdAt, kind));
  const partial = `${path}${PARTIAL}`;
  const gzip = createGzip();
  const written = pipeline(
    gzip,
    createSealingStream(options.recipient),
    createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
  );
  // Until `end`, a failure of the file (a full disk) surfaces here and stops the writer.
  const failed = written.then(
    () => null,
    (error: Error) => error,
  );
  try {
    const writer = createEntryWriter(gzip);
    const entries: ManifestEntry[] = [];
    const fields = await options.fill({
      async add(name, content, table) {
        const summary: EntrySummary = await Promise.race([
          writer.add(name, content),
          failed.then((error) => Promise.reject(error ?? new Error('The backup file closed early'))),
        ]);
        entries.push(table ? { ...summary, table: table() } : summary);
      },
    });
    const manifest = BackupManifest.parse({ ...fields, kind, createdAt: createdAt.toISOString(), entries });
    await writer.add(MANIFEST_ENTRY, [Buffer.from(JSON.stringify(manifest, null, 2))]);
    await writer.end();
    gzip.end();
    await written;
    await syncFile(partial);
    if (await exists(path)) throw new Error(`${path} exists already`);
    await rename(partial, path);
    await syncFile(folder);
    return { path, manifest, bytes: (await stat(path)).size };
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

async function removeStalePartials(folder: string, runStart: Date): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!name.endsWith(`${BACKUP_EXTENSION}${PARTIAL}`)) continue;
    const path = join(folder, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
    if (mtimeMs < runStart.getTime()) await rm(path, { force: true });
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Reads a whole backup file with the recipient's private key: every chunk authenticated, every entry's size
 * and checksum compared with the manifest, the manifest last and nothing after it. `visit` sees each entry
 * (not the manifest) as it is read and must read its content; without it the file is only verified. Answers
 * the manifest, once all of it has checked out; throws a `BackupFileError` otherwise.
 */
export async function readBackupFile(
  path: string,
  privateKey: KeyObject,
  visit?: (entry: Entry) => Promise<void>,
): Promise<BackupManifest> {
  const seen: EntrySummary[] = [];
  let manifestText: string | null = null;
  await pipeline(createReadStream(path), createOpeningStream(privateKey), createGunzip(), async (source) => {
    for await (const entry of readEntries(source)) {
      if (manifestText !== null)
        throw new BackupFileError('DAMAGED', 'The backup file is damaged: an entry follows its manifest.');
      const summary = { name: entry.name, bytes: 0, sha256: '' };
      const hash = createHash('sha256');
      const content = (async function* () {
        for await (const chunk of entry.content) {
          hash.update(chunk);
          summary.bytes += chunk.length;
          yield chunk;
        }
      })();
      if (entry.name === MANIFEST_ENTRY) {
        const parts: Buffer[] = [];
        for await (const chunk of content) parts.push(chunk);
        manifestText = Buffer.concat(parts).toString('utf8');
        continue;
      }
      if (visit) await visit({ name: entry.name, content });
      for await (const _ of content);
      seen.push({ ...summary, sha256: hash.digest('hex') });
    }
  }).catch((error: Error & { code?: string }) => {
    // zlib's own errors mean the payload inside an authenticated container is not what a backup writes.
    if (error.code?.startsWith('Z_') || error.code === 'ERR_BUFFER_OUT_OF_BOUNDS')
      throw new BackupFileError('DAMAGED', `The backup file is damaged: ${error.message}`);
    throw error;
  });
  return checkManifest(manifestText, seen);
}

function checkManifest(text: string | null, seen: EntrySummary[]): BackupManifest {
  if (text === null) throw new BackupFileError('DAMAGED', 'The backup file is damaged: it has no manifest.');
  let manifest: BackupManifest;
  try {
    manifest = BackupManifest.parse(JSON.parse(text));
  } catch {
    throw new BackupFileError('DAMAGED', 'The backup file is damaged: its manifest does not read.');
  }
  const listed = manifest.entries.map(({ name, bytes, sha256 }) => `${name} ${bytes} ${sha256}`);
  const read = seen.map(({ name, bytes, sha256 }) => `${name} ${bytes} ${sha256}`);
  const differs = listed.findIndex((line, index) => line !== read[index]);
  if (differs >= 0 || listed.length !== read.length)
    throw new BackupFileError(
      'DAMAGED',
      `The backup file is damaged: ${manifest.entries[differs]?.name ?? seen[differs]?.name ?? 'an entry'} does not match its checksum in the manifest.`,
    );
  return manifest;
}
