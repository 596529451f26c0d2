import { readBackupFile } from '../../backups/backup-file.ts';
import { generateBackupKeyPair } from '../../backups/backup-keys.ts';
import { checkBackupVersions } from '../../backups/backup-versions.ts';
import { withClient } from '../../backups/database-tables.ts';
import { loadIntoDatabase } from '../../backups/load-database.ts';
import { initialiseCluster } from './cluster-folder.ts';
import { logMove, type MovePaths } from './cluster-move.ts';
import { type Cluster, launchPostgres } from './launch-postgres.ts';
import { exportOldCluster } from './old-cluster-export.ts';

/**
 * The new cluster, complete, in `paths.staging`: the old one's application database exported with the old
 * major's `postgres` (under a key that lives only in this process: a leftover export opens for no one), then
 * loaded by the restore's path (load-database.ts: the migrations up to the export's, the rows, the later ones).
 */
export async function buildNewCluster(
  cluster: Cluster,
  paths: MovePaths,
  oldPostgres: string,
): Promise<void> {
  const keys = generateBackupKeyPair();
  const exported = await exportOldCluster(
    { cluster: cluster.cluster, dataDir: cluster.dataDir, postgres: oldPostgres, password: cluster.password },
    paths.exportFolder,
    keys.publicKey,
  );
  await initialiseCluster(paths.staging, cluster.binaries, cluster.runAs, cluster.password);
  const staged = await launchPostgres({ ...cluster, cluster: paths.staging });
  try {
    const credentials = `postgres:${encodeURIComponent(cluster.password)}@127.0.0.1:${staged.port}`;
    await withClient(`postgres://${credentials}/postgres`, (client) =>
      client.query('create database reformer'),
    );
    if (!exported) return;
    const manifest = await readBackupFile(exported.path, keys.privateKey);
    checkBackupVersions(manifest);
    const { rows } = await loadIntoDatabase({
      file: exported.path,
      privateKey: keys.privateKey,
      manifest,
      databaseUrl: `postgres://${credentials}/reformer`,
    });
    logMove(`Loaded ${rows} rows (migration ${manifest.migration?.tag ?? 'none'}) into the new cluster.`);
  } finally {
    await staged.stop();
  }
}
