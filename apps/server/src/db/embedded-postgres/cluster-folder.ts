import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PostgresBinaries, RunAs } from './postgres-binaries.ts';
import { canReach } from './reachable-by-postgres.ts';

/** Another process holds the data folder; the message says which and what to do. */
export class DataDirLockedError extends Error {}

/** Until PostgreSQL became the embedded database (decision 008), `npm start` kept PGlite files here. */
export function refuseOldEmbeddedDatabase(dataDir: string): void {
  if (!existsSync(join(dataDir, 'pglite'))) return;
  throw new Error(
    `The data folder ${dataDir} holds a database of the old embedded kind (PGlite, in ${join(dataDir, 'pglite')}). ` +
      'Reformer now runs a real PostgreSQL there and cannot read that folder. Move it away (or choose another ' +
      'DATA_DIR) to start with an empty database.',
  );
}

/** The superuser password of the embedded cluster, made on first start and kept beside it (mode 600). */
export const CLUSTER_PASSWORD_FILE = 'postgres-password';

export function clusterPassword(dataDir: string): string {
  const path = join(dataDir, CLUSTER_PASSWORD_FILE);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(path, password, { mode: 0o600 });
  return password;
}

/**
 * Creates the cluster on first start. initdb writes into a folder of its own that is renamed into place
 * only when complete, so a start interrupted half-way leaves nothing the next start would take for a
 * cluster.
 */
export async function initialiseCluster(
  cluster: string,
  binaries: PostgresBinaries,
  runAs: RunAs,
  password: string,
): Promise<void> {
  if (existsSync(join(cluster, 'PG_VERSION'))) return;
  const building = `${cluster}.init-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o700 });
  if (runAs) {
    chownSync(building, runAs.uid, runAs.gid);
    assertReachableBy(runAs, building);
  }
  const passwordFile = join(building, 'initial-password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) chownSync(passwordFile, runAs.uid, runAs.gid);
  const pgdata = join(building, 'data');
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${pgdata}`,
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Unicode-aware lower()/upper() (the customer search lowercases names) with byte-order sorting that
        // does not depend on the machine's locales; the queries that sort names say COLLATE "C" anyway.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      runAs,
    );
    try {
      renameSync(pgdata, cluster);
    } catch (error) {
      // Another process starting on the same folder finished its cluster first: use that one.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Run as root, the cluster belongs to `postgres`, which must be able to write where it is made. */
function assertReachableBy(runAs: NonNullable<RunAs>, folder: string): void {
  if (canReach(runAs, folder, '-w')) return;
  throw new Error(
    `Run as root, the embedded PostgreSQL runs as the 'postgres' user, which cannot write in ${dirname(folder)}. ` +
      'Choose a DATA_DIR that user can reach (e.g. /var/lib/reformer/data), or run Reformer as a normal user.',
  );
}

function run(command: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(runAs ?? {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${errors}`)),
    );
  });
}
