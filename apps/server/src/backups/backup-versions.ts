import { type BackupManifest, MANIFEST_FORMAT_VERSION } from './backup-manifest.ts';
import { knownMigrations } from './migrations.ts';
import { reformerVersion } from './reformer-version.ts';

/** A restore this Reformer will not do; the message says why and what to do instead. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/**
 * Whether this Reformer can load the backup: a manifest format it reads, and a schema it can reach — the
 * backup's last migration is one of its own (an older one is migrated forward after the load). A backup of a
 * newer schema is refused, naming both migrations: its rows could have columns and meanings this code lacks.
 */
export function checkBackupVersions(manifest: BackupManifest): void {
  const ours = reformerVersion();
  if (manifest.formatVersion > MANIFEST_FORMAT_VERSION)
    throw new RestoreRefusedError(
      `This backup was written in format ${manifest.formatVersion} by Reformer ${manifest.reformerVersion}; ` +
        `this Reformer (${ours}) reads format ${MANIFEST_FORMAT_VERSION}. Update Reformer, then restore.`,
    );
  const stamp = manifest.migration;
  if (!stamp) return;
  const known = knownMigrations();
  if (known.some((migration) => migration.when === stamp.when)) return;
  const latest = known.at(-1);
  const theirs = stamp.tag ?? `of ${new Date(stamp.when).toISOString()}`;
  if (!latest || stamp.when > latest.when)
    throw new RestoreRefusedError(
      `This backup's database is at migration ${theirs} (Reformer ${manifest.reformerVersion}), newer than this ` +
        `Reformer (${ours}) knows: its last migration is ${latest?.tag ?? 'none'}. Update Reformer to the version ` +
        'that made the backup or a later one, then restore.',
    );
  throw new RestoreRefusedError(
    `This backup's database is at migration ${theirs} (Reformer ${manifest.reformerVersion}), which this ` +
      `Reformer (${ours}) does not have, though it is older than its last one (${latest.tag}): a build of another ` +
      'branch made it. Restore it with the Reformer that made it.',
  );
}
