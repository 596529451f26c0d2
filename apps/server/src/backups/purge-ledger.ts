import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/**
 * The LGPD purge ledger (decision 036): one line per customer erased at their request — ids and the time only,
 * nothing that names them — kept beside the backups and not in the database, so a restore to a moment before
 * the purge (a backup, a point in time) replays it: an erased customer never comes back.
 */
export const PURGE_LEDGER_FILE = 'purge-ledger.jsonl';

export const PurgeLedgerEntry = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  /** Who erased them (the audit's actor), and when. */
  actorId: z.string().nullable(),
  purgedAt: z.iso.datetime(),
});
export type PurgeLedgerEntry = z.infer<typeof PurgeLedgerEntry>;

export const purgeLedgerPath = (backupFolder: string) => join(backupFolder, PURGE_LEDGER_FILE);

/**
 * Appends an entry and syncs it to disk. Called inside the purge's transaction, last: a purge whose entry could
 * not be written is rolled back (the owner retries), so no purge escapes the ledger. The reverse — written,
 * then the commit fails — replays an erasure the data subject asked for anyway.
 */
export async function appendToPurgeLedger(path: string, entry: PurgeLedgerEntry): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.appendFile(`${JSON.stringify(PurgeLedgerEntry.parse(entry))}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The ledger's entries; a last line cut short by a crash mid-write is not an entry (its purge rolled back). */
export async function readPurgeLedger(path: string): Promise<PurgeLedgerEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.flatMap((line, index) => {
    const parsed = (() => {
      try {
        return PurgeLedgerEntry.safeParse(JSON.parse(line));
      } catch {
        return null;
      }
    })();
    if (parsed?.success) return [parsed.data];
    if (index === lines.length - 1) return [];
    throw new Error(`The purge ledger ${path} is damaged at line ${index + 1}.`);
  });
}

/**
 * Replays the ledger into a restored database: migrated first (a physical backup's cluster may be at an older
 * migration than this code), then every purged customer still there erased again. Answers how many were.
 */
export async function replayPurgeLedger(databaseUrl: string, entries: PurgeLedgerEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const [{ openDatabase }, { replayPurge }] = await Promise.all([
    import('../db/client.ts'),
    import('../modules/customers/customers.service.ts'),
  ]);
  const database = openDatabase(databaseUrl);
  try {
    await database.migrate();
    let replayed = 0;
    for (const entry of entries) if (await replayPurge(database.db, entry)) replayed += 1;
    return replayed;
  } finally {
    await database.close();
  }
}
