import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { PostgresBinaries, RunAs } from './postgres-binaries.ts';

/**
 * Run as root, PostgreSQL runs as the `postgres` user. A clone in root's home (mode 700 on a VPS) is a folder
 * that user cannot enter: what it must reach then goes here, made by root and readable by all (decision 033).
 */
export const SHARED_ROOT = '/var/lib/reformer';

/** Whether `runAs` passes `test <flag> <path>` (-x: may enter or execute, -w: may write). */
export function canReach(runAs: NonNullable<RunAs>, path: string, flag: '-x' | '-w' = '-x'): boolean {
  try {
    execFileSync('test', [flag, path], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The binaries npm installed, or — when `postgres` cannot execute them there (spawn EACCES) — a copy made
 * once per version under `sharedRoot`, written aside and renamed into place so a copy cut short is never used.
 */
export function reachableBinaries(
  binaries: PostgresBinaries,
  runAs: RunAs,
  sharedRoot = SHARED_ROOT,
): PostgresBinaries {
  if (!runAs || canReach(runAs, binaries.postgres)) return binaries;
  const installed = dirname(dirname(binaries.postgres));
  const { version } = JSON.parse(readFileSync(join(installed, '..', 'package.json'), 'utf8'));
  const copy = join(sharedRoot, `postgresql-${version}-${platform()}-${arch()}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    makeSharedFolder(sharedRoot);
    const partial = `${copy}.copy-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(installed, partial, { recursive: true, verbatimSymlinks: true });
    // Installed under a strict umask (077) the files would stay root's alone.
    execFileSync('chmod', ['-R', 'a+rX', partial]);
    renameOrKeepTheirs(partial, copy);
  }
  const moved = (path: string) => join(copy, relative(installed, path));
  return { initdb: moved(binaries.initdb), postgres: moved(binaries.postgres) };
}

/**
 * Where the cluster of `dataDir` lives: `<dataDir>/postgres`, or, when `postgres` cannot enter `dataDir`, a
 * folder under `sharedRoot` named after it, which `<dataDir>/postgres` links to so the operator sees where.
 */
export function clusterLocation(dataDir: string, runAs: RunAs, sharedRoot = SHARED_ROOT): string {
  const inside = join(dataDir, 'postgres');
  if (!runAs) return inside;
  // A private data folder itself (mkdtemp makes 700) only needs entering (no listing); its secrets are 600.
  chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  const linked = linkTarget(inside);
  if (linked) return linked;
  if (canReach(runAs, dataDir) || existsSync(inside)) return inside;
  const name = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  const outside = join(sharedRoot, 'clusters', name);
  makeSharedFolder(sharedRoot);
  makeSharedFolder(dirname(outside));
  try {
    symlinkSync(outside, inside);
  } catch (error) {
    // Another process starting on the same folder linked it first: the same place, by the same name.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return outside;
}

function linkTarget(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}

/** Made by root, entered and read by everyone (the umask may say otherwise). */
function makeSharedFolder(folder: string): void {
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o755);
}

function renameOrKeepTheirs(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    rmSync(from, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
}
