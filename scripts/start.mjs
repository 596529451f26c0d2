// `npm start`: build the web app when its sources are newer than the build, then run the server (which
// migrates the database and serves the API, the web app and the job worker) in this same process.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_DIST_DIR lets several checkouts' test runs build and serve the web app side by side.
const webDist = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(root, 'apps/web/dist');
const builtIndex = join(webDist, 'index.html');
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

const builtAt = newestChange(builtIndex);
if (builtAt === 0 || webSources.some((source) => newestChange(join(root, source)) > builtAt)) {
  console.log('Building the web app…');
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', '@reformer/web', '--', '--outDir', webDist, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
