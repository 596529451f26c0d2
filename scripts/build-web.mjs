// Builds the web app when its sources are newer than the build. Run by `npm install`/`npm ci`
// (postinstall), so the first `npm start` does not spend its time on a build, and again by `npm start`
// in case the sources changed since. WEB_DIST_DIR lets several checkouts build side by side.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public-site.html',
  'apps/web/scripts',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

const webDist = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(root, 'apps/web/dist');

/** Why the web app needs a build now, or null when the build is there and newer than every source. */
export function webBuildReason() {
  const builtAt = newestChange(join(webDist, 'index.html'));
  if (builtAt === 0) return `${webDist}/index.html does not exist`;
  const stale = webSources.find((source) => newestChange(join(root, source)) > builtAt);
  return stale ? `${stale} is newer than the build` : null;
}

/** Builds into WEB_DIST_DIR (default apps/web/dist) if needed; exits the process if the build fails. */
export function buildWebIfStale() {
  const reason = webBuildReason();
  if (!reason) return;
  console.log(`Building the web app (${reason})…`);
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', '@reformer/web', '--', '--outDir', webDist, '--emptyOutDir'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildWebIfStale();
