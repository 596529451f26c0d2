// `npm run bench:public-site [-- --runs N]`: what a visitor's browser pays for the public site.
//   1. Builds the web app into a temporary folder (hidden source maps, so every loaded byte can be traced
//      to its source module) and starts the real server on it (`node scripts/start.mjs`, embedded
//      PostgreSQL).
//   2. Lighthouse (mobile settings, Debian's Chromium) on `/`, N runs: performance and accessibility scores,
//      LCP, CLS, TBT; the median run decides the printed figures.
//   3. From Lighthouse's network records of `/`: every JavaScript file the page loads before any
//      interaction, its gzip size (computed here with zlib, level 9, like a compressing server or CDN
//      would send it) and the source modules in it, flagging any module or package of the signed-in app;
//      whether the HTML of `/` is pre-rendered (content before any JavaScript), its size and how much of it
//      is the inline stylesheet, and how many stylesheets block its first paint.
// Prints figures only; nothing passes or fails. Every process and folder it creates is removed at the end.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serverNodeOptions } from '../scripts/server-node-options.mjs';
import {
  freePort,
  machine,
  median,
  onInterrupt,
  parseArgs,
  root,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';
import { CHROMIUM, lighthouseRuns, printWeakAudits } from './lighthouse.mjs';

const options = parseArgs(process.argv.slice(2), { runs: 3 });
const require = createRequire(import.meta.url);
// source-map-js comes with Vite.
const { SourceMapConsumer } = require('source-map-js');
const INITIAL_JS_BUDGET_KB = 100;

/**
 * What a source module is, for the "no app code on public pages" check. `/` is a pre-rendered page of its
 * own entry (apps/web/src/public-site/), built apart from the app: no route, component, loader or feature
 * of the signed-in app, and none of the app-only packages below, may load on it.
 */
const APP_ONLY_PACKAGES = [
  '@tanstack/react-router',
  '@tanstack/react-query',
  'better-auth',
  'sonner',
  'zod',
  'react-hook-form',
  '@hookform/resolvers',
];

function moduleKind(source) {
  const dependency = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (dependency) return APP_ONLY_PACKAGES.includes(dependency) ? 'app code' : 'dependency';
  if (/apps\/web\/src\/(features\/landing|public-site)\/|virtual:public-catalog/.test(source))
    return 'landing';
  if (/apps\/web\/src\/(features\/(?!landing\/)|routes\/|router\.tsx|app\.tsx|main\.tsx)/.test(source)) {
    return 'app code';
  }
  return 'shell, public layout and shared';
}

const folders = [];
let server = null;
const cleanup = onInterrupt(async () => {
  if (server) await stopChild(server, 5000);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function buildWeb(outDir) {
  const build = spawnSync(
    'npm',
    [
      'run',
      'build',
      '-w',
      '@reformer/web',
      '--',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--sourcemap',
      'hidden',
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
}

/** The source modules of one built chunk, with the bytes of output each one accounts for. */
async function chunkSources(file) {
  const code = await readFile(file, 'utf8');
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8').catch(() => 'null'));
  if (!map) return new Map();
  const lines = code.split('\n');
  const bytes = new Map();
  let previous = null;
  new SourceMapConsumer(map).eachMapping((mapping) => {
    if (previous?.source) {
      const sameLine = previous.generatedLine === mapping.generatedLine;
      const end = sameLine ? mapping.generatedColumn : lines[previous.generatedLine - 1].length;
      bytes.set(previous.source, (bytes.get(previous.source) ?? 0) + end - previous.generatedColumn);
    }
    previous = mapping;
  });
  return bytes;
}

/** `react-dom` for node_modules paths, `apps/web/src/...` for ours. */
function moduleLabel(source) {
  const dependency = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (dependency) return dependency[1];
  return source.replace(/^.*?\/((apps|packages)\/)/, '$1');
}

async function describeScripts(scriptUrls, distDir) {
  const chunks = [];
  for (const url of scriptUrls) {
    const path = new URL(url).pathname;
    const file = join(distDir, path);
    const content = await readFile(file);
    const sources = await chunkSources(file);
    const byLabel = new Map();
    for (const [source, bytes] of sources) {
      const label = moduleLabel(source);
      byLabel.set(label, (byLabel.get(label) ?? 0) + bytes);
    }
    chunks.push({
      path,
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      top: [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, 4),
      sources,
    });
  }
  return chunks;
}

async function main() {
  console.log('Reformer public site: initial JavaScript of `/` and Lighthouse (mobile) on `/`');
  console.log(`Machine: ${machine()}; browser: ${CHROMIUM}`);

  const distDir = await mkdtemp(join(tmpdir(), 'reformer-public-dist-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'reformer-public-data-'));
  folders.push(distDir, dataDir);
  console.log('Building the web app (hidden source maps) into a temporary folder…');
  buildWeb(distDir);

  const port = await freePort();
  server = startChild([...serverNodeOptions, 'scripts/start.mjs'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST_DIR: distDir,
  });
  await waitForOk(`http://127.0.0.1:${port}/api/health`, server);
  const url = `http://127.0.0.1:${port}/`;

  const runs = await lighthouseRuns(url, options.runs);
  const medianPerformance = median(runs.map((figures) => figures.performance));
  const medianRun = runs.find((figures) => figures.performance === medianPerformance) ?? runs[0];

  const requests = medianRun.lhr.audits['network-requests'].details.items;
  const scriptUrls = requests
    .filter((item) => item.resourceType === 'Script' && new URL(item.url).pathname.startsWith('/assets/'))
    .map((item) => item.url);
  const chunks = await describeScripts(scriptUrls, distDir);
  const served = requests.filter((item) => item.resourceType === 'Script');
  const transferred = served.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);

  console.log(`\nJavaScript loaded by / before any interaction (${chunks.length} files):`);
  for (const chunk of chunks.sort((a, b) => b.gzip - a.gzip)) {
    const top = chunk.top.map(([label, bytes]) => `${label} ${kb(bytes)}`).join(', ');
    console.log(
      `  ${kb(chunk.gzip).padStart(9)} gzip  ${kb(chunk.raw).padStart(9)} raw  ${chunk.path}  [${top}]`,
    );
  }
  const totalGzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const totalRaw = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
  const kinds = new Map();
  for (const chunk of chunks) {
    for (const [source, bytes] of chunk.sources) {
      const kind = moduleKind(source);
      const entry = kinds.get(kind) ?? { bytes: 0, modules: new Set() };
      entry.bytes += bytes;
      entry.modules.add(moduleLabel(source));
      kinds.set(kind, entry);
    }
  }
  const hasKind = (chunk, kind) => [...chunk.sources.keys()].some((source) => moduleKind(source) === kind);
  const landingChunks = chunks.filter((chunk) => hasKind(chunk, 'landing'));
  const mixed = landingChunks.filter((chunk) => hasKind(chunk, 'app code'));
  const appCode = kinds.get('app code');
  const prerendered = await fetch(url).then((response) => response.text());

  console.log('\nSummary');
  console.log(
    `  Initial JS of /: ${kb(totalGzip)} gzip (${kb(totalRaw)} raw; as served by the server: ` +
      `${kb(transferred)}); budget ${INITIAL_JS_BUDGET_KB} KB gzip → ` +
      `${totalGzip <= INITIAL_JS_BUDGET_KB * 1024 ? 'within' : 'OVER'} budget`,
  );
  console.log('  Loaded by /, minified bytes by kind of module:');
  for (const [kind, entry] of [...kinds].sort((a, b) => b[1].bytes - a[1].bytes)) {
    const unit = kind === 'dependency' ? 'packages' : 'modules';
    console.log(`    ${kind.padEnd(32)} ${kb(entry.bytes).padStart(9)} (${entry.modules.size} ${unit})`);
  }
  console.log(`  App code loaded by /: ${appCode ? `YES — ${[...appCode.modules].join(', ')}` : 'none'}`);
  console.log(
    `  / pre-rendered (hero heading in the HTML itself): ${/<h1[^>]*id="hero-title"/.test(prerendered) ? 'yes' : 'NO'}`,
  );
  const inlineCss = [...prerendered.matchAll(/<style>([\s\S]*?)<\/style>/g)]
    .map((match) => match[1])
    .join('');
  const blockingStylesheets = prerendered.match(/<link rel="stylesheet"/g)?.length ?? 0;
  console.log(
    `  HTML of /: ${kb(gzipSync(prerendered, { level: 9 }).length)} gzip (${kb(Buffer.byteLength(prerendered))} raw), ` +
      `of which inline CSS ${kb(Buffer.byteLength(inlineCss))} raw; render-blocking stylesheets: ${blockingStylesheets}`,
  );
  console.log(
    `  Landing code in chunks of its own: ${mixed.length === 0 ? 'yes' : 'NO, shared with app code'} ` +
      `(${landingChunks.map((chunk) => `${chunk.path} ${kb(chunk.gzip)} gzip`).join(', ') || 'not found'})`,
  );
  console.log(
    `  Lighthouse mobile, median of ${runs.length}: performance ${medianRun.performance}, ` +
      `accessibility ${median(runs.map((figures) => figures.accessibility))}, ` +
      `LCP ${medianRun.lcp.toFixed(0)} ms, CLS ${medianRun.cls.toFixed(3)}, TBT ${medianRun.tbt.toFixed(0)} ms`,
  );
  printWeakAudits(medianRun.lhr);
}

try {
  await main();
} finally {
  await cleanup();
}
