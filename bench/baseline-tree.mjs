// Another revision of this repository, to measure against in the same run (`bench:load -- --baseline <rev>`):
// checked out in a temporary `git worktree`, with this checkout's installed packages, and started as `npm start`
// starts the server. Throughput is only comparable between two trees measured side by side on one machine at one
// time (decision 018), so the bench alternates the two servers on the same database.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root } from './lib.mjs';

const git = (args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The workspaces' own packages (node_modules/@reformer/*) are relative links into the checkout: copied as links,
 * they resolve to the baseline's sources. Everything else is linked to this checkout's installed copy, the same
 * package versions unless the baseline's lockfile differs (then it says so: its figures would mix in that change).
 */
function linkNodeModules(dir) {
  const installed = join(root, 'node_modules');
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(installed)) {
    if (name !== '@reformer') {
      symlinkSync(join(installed, name), join(dir, 'node_modules', name));
      continue;
    }
    mkdirSync(join(dir, 'node_modules/@reformer'));
    for (const workspace of readdirSync(join(installed, name))) {
      const target = readlinkSync(join(installed, name, workspace));
      symlinkSync(target, join(dir, 'node_modules/@reformer', workspace));
      // A workspace's own node_modules (apps/server's pg-boss) sits inside the workspace, not under the root.
      const nested = join(resolve(installed, name, target), 'node_modules');
      const nestedThere = join(resolve(dir, 'node_modules/@reformer', target), 'node_modules');
      if (existsSync(nested) && !existsSync(nestedThere) && existsSync(resolve(nestedThere, '..')))
        symlinkSync(nested, nestedThere);
    }
  }
}

/**
 * `rev` in a temporary worktree, ready to start: { commit, dir, args (for `node`, from its cwd), note, remove }.
 * The server runs through bench/server-entry.mjs (copied in: `npm start` minus its web-build check), so no
 * web build is made for it — the measured endpoints are the API's, which does not serve the web app's files.
 */
export async function checkoutBaseline(rev) {
  const commit = git(['rev-parse', '--verify', `${rev}^{commit}`]).trim();
  const dir = await mkdtemp(join(tmpdir(), 'reformer-baseline-'));
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = async () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      // Already gone, or never added: the directory below is all that may be left.
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    linkNodeModules(dir);
    copyFileSync(join(root, 'bench/server-entry.mjs'), join(dir, 'bench/server-entry.mjs'));
    const packageJson = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const nodeOptions = packageJson.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
    const lockChanged =
      readFileSync(join(dir, 'package-lock.json'), 'utf8') !==
      readFileSync(join(root, 'package-lock.json'), 'utf8');
    return {
      commit,
      dir,
      args: [...nodeOptions, 'bench/server-entry.mjs'],
      note: lockChanged
        ? '!!! its package-lock.json differs from this tree: it runs with THIS tree’s installed packages'
        : 'same package-lock.json, this tree’s installed packages',
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
