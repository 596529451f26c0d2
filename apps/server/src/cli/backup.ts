// `npm run backup [-- --out <folder>]`: one logical backup of the studio (decision 036) — the database in one
// snapshot while the server goes on writing, and the DATA_DIR secrets a restore needs — encrypted for the
// owner's backup key, into DATA_DIR/backups unless --out names another folder (better: another disk). Same
// configuration as `npm start`: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (the running server's, or
// started here for the moment).
import { resolve } from 'node:path';
import { backupKeyFingerprint, formatFingerprint, resolveBackupPublicKey } from '../backups/backup-keys.ts';
import { collectDataDirFiles } from '../backups/data-dir-files.ts';
import { writeLogicalBackup } from '../backups/logical-backup.ts';
import { parseEnv } from '../env.ts';
import { commandArguments } from './command-arguments.ts';
import { openCommandDatabase } from './command-database.ts';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const { values } = commandArguments(
  { options: { out: { type: 'string' } } },
  'Usage: npm run backup [-- --out <folder>]',
);
const env = parseEnv();
const dataDir = resolve(env.DATA_DIR);
const recipient = resolveBackupPublicKey({
  configured: env.BACKUP_PUBLIC_KEY,
  configuredFile: env.BACKUP_PUBLIC_KEY_FILE,
  dataDir,
});
if (!recipient) {
  console.error(
    'No backup key yet: run `npm run backup-key` first (it writes the public key the backups are made for).',
  );
  process.exit(1);
}
const { database, close } = await openCommandDatabase({ migrate: false });
try {
  const isEmbedded = !env.DATABASE_URL;
  const started = Date.now();
  const { path, manifest, bytes } = await writeLogicalBackup({
    databaseUrl: database.url,
    databaseMode: isEmbedded ? 'embedded' : 'server',
    folder: resolve(values.out ?? `${dataDir}/backups`),
    recipient: recipient.key,
    dataDirFiles: collectDataDirFiles({
      dataDir,
      isEmbedded,
      authSecret: env.AUTH_SECRET,
      secretsKey: env.SECRETS_KEY,
      backupPublicKeyPem: recipient.pem,
    }),
  });
  const tables = manifest.entries.filter((entry) => entry.table);
  const rows = tables.reduce((sum, entry) => sum + (entry.table?.rows ?? 0), 0);
  console.log(
    `Backup written: ${path}\n` +
      `  ${fileSize(bytes)}, ${tables.length} tables, ${rows} rows, the database as of ${manifest.snapshotAt}, ` +
      `migration ${manifest.migration?.tag ?? 'none'}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      `  Opens with the private key ${formatFingerprint(backupKeyFingerprint(recipient.key))}. Copy it to another disk or place.`,
  );
} catch (error) {
  console.error(`The backup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await close();
}
