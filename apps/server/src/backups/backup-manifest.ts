import { z } from 'zod';

/** The last entry of every backup: what it holds and what made it (decision 036). */
export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_FORMAT_VERSION = 1;

/** A migration as drizzle's ledger records it (`created_at` is the journal's `when`), and its name. */
export const MigrationStamp = z.object({
  /** The journal's tag (`0021_pack_charges`); null when the Reformer that made the backup did not know it. */
  tag: z.string().nullable(),
  when: z.number().int(),
  hash: z.string(),
});
export type MigrationStamp = z.infer<typeof MigrationStamp>;

export const TableContents = z.object({
  schema: z.string(),
  name: z.string(),
  /** The columns written, in order (generated columns are not: PostgreSQL computes them again). */
  columns: z.array(z.string()).min(1),
  rows: z.number().int().min(0),
});
export type TableContents = z.infer<typeof TableContents>;

export const ManifestEntry = z.object({
  name: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** For a table's entry: which table, and its rows in COPY's text format. */
  table: TableContents.optional(),
});
export type ManifestEntry = z.infer<typeof ManifestEntry>;

export const BackupManifest = z.object({
  format: z.literal('reformer-backup'),
  formatVersion: z.number().int().min(1),
  /** `logical`: COPY of every table; `physical`: the cluster's files and the WAL that makes them consistent. */
  kind: z.enum(['logical', 'physical']),
  reformerVersion: z.string(),
  /** The database's last applied migration; null for a database no migration has reached. */
  migration: MigrationStamp.nullable(),
  postgres: z.object({ version: z.string(), major: z.number().int() }),
  databaseMode: z.enum(['embedded', 'server']),
  createdAt: z.iso.datetime(),
  /** The database as of this instant: every transaction committed before it is in the backup. */
  snapshotAt: z.iso.datetime(),
  /** A physical backup's place in the WAL: replay from `startWal` to `stopWal` (both in the file) is consistent. */
  physical: z
    .object({
      timeline: z.number().int().min(1),
      startLsn: z.string(),
      stopLsn: z.string(),
      startWal: z.string().regex(/^[0-9A-F]{24}$/),
      stopWal: z.string().regex(/^[0-9A-F]{24}$/),
      walSegmentBytes: z.number().int().min(1),
    })
    .optional(),
  /** In the order they were written: tables in foreign-key order (a restore loads them as it reads them). */
  entries: z.array(ManifestEntry),
});
export type BackupManifest = z.infer<typeof BackupManifest>;
