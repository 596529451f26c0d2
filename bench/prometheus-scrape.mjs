// `npm run test:prometheus`: a real Prometheus (Debian's `prometheus` package: `apt-get install prometheus`)
// scrapes the real server — pass/fail, exit 1 on failure. Starts `node scripts/start.mjs` on its embedded
// PostgreSQL (a temporary DATA_DIR) with both ways of serving the metrics on (METRICS_PORT, and METRICS_TOKEN
// on the main port), sends it a few requests, and starts `prometheus` with a minimal configuration scraping
// both every second (the main port with the token as its bearer). Passes when Prometheus's API reports both
// targets up (so it parsed the exposition), has the requests under their route template, and no Reformer
// series carries a UUID in a label (no organization or row ids). Stops both; the server must exit 0.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  call,
  freePort,
  machine,
  onInterrupt,
  serverEntry,
  sleep,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';

const TIMEOUT_MS = 120_000;
const METRICS_TOKEN = randomUUID();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const TEMPLATED_ROUTE = '/api/organizations/:orgId/customers';

const state = { folders: [], server: null, prometheus: null };
const cleanup = onInterrupt(async () => {
  if (state.prometheus) await stopPrometheus(state.prometheus);
  if (state.server) await stopChild(state.server, 5000);
  for (const folder of state.folders) await rm(folder, { recursive: true, force: true });
});

async function temporaryFolder(prefix) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  state.folders.push(folder);
  return folder;
}

/** The server as `npm start` runs it, with both ways of serving /metrics on. */
async function startServer() {
  const port = await freePort();
  const metricsPort = await freePort();
  state.server = startChild(serverEntry().args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: await temporaryFolder('reformer-prometheus-data-'),
    DATABASE_URL: '',
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, state.server);
  return { port, metricsPort, base };
}

async function startPrometheus(server) {
  const folder = await temporaryFolder('reformer-prometheus-');
  const port = await freePort();
  const config = join(folder, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global: { scrape_interval: 1s, scrape_timeout: 1s }',
      'scrape_configs:',
      '  - job_name: reformer-metrics-port',
      `    static_configs: [{ targets: ['127.0.0.1:${server.metricsPort}'] }]`,
      '  - job_name: reformer-main-port',
      `    authorization: { credentials: '${METRICS_TOKEN}' }`,
      `    static_configs: [{ targets: ['127.0.0.1:${server.port}'] }]`,
      '',
    ].join('\n'),
  );
  const args = [
    `--config.file=${config}`,
    `--storage.tsdb.path=${join(folder, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ];
  const child = spawn('prometheus', args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-16_384);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  state.prometheus = { child, exited, output: () => output };
  return { api: `http://127.0.0.1:${port}/api/v1`, output: () => output };
}

async function stopPrometheus(prometheus) {
  if (prometheus.child.exitCode !== null) return;
  try {
    process.kill(-prometheus.child.pid, 'SIGTERM');
  } catch {
    prometheus.child.kill('SIGTERM');
  }
  await prometheus.exited;
}

async function prometheusApi(prometheus, path) {
  try {
    const response = await fetch(`${prometheus.api}${path}`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? (await response.json()).data : null;
  } catch {
    return null;
  }
}

/** Polls `read` until it returns a value that is not null; fails with `describe()` after TIMEOUT_MS. */
async function until(what, read, describe) {
  const deadline = performance.now() + TIMEOUT_MS;
  while (performance.now() < deadline) {
    const value = await read();
    if (value !== null) return value;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${TIMEOUT_MS / 1000} s\n${await describe()}`);
}

async function main() {
  console.log('A real Prometheus scrapes the real server (metrics port and main port with the token)');
  console.log(`Machine: ${machine()}`);
  const version = spawnSync('prometheus', ['--version'], { encoding: 'utf8' });
  if (version.error) throw new Error('prometheus is not installed here (Debian: apt-get install prometheus)');
  console.log(version.stdout.split('\n')[0]);

  const server = await startServer();
  // A request with an organization in its path, so a templated route and a UUID are there to be checked.
  const refused = await call(server.base, `/api/organizations/${randomUUID()}/customers`);
  if (refused.status !== 401) throw new Error(`expected 401 without a token, got ${refused.status}`);
  const prometheus = await startPrometheus(server);

  const targets = await until(
    'both targets up',
    async () => {
      const active = (await prometheusApi(prometheus, '/targets'))?.activeTargets ?? [];
      return active.length === 2 && active.every((target) => target.health === 'up') ? active : null;
    },
    async () =>
      JSON.stringify(
        (await prometheusApi(prometheus, '/targets'))?.activeTargets ?? prometheus.output(),
        null,
        2,
      ),
  );
  for (const target of targets)
    console.log(`target ${target.scrapePool}: ${target.health} (${target.scrapeUrl})`);

  const query = encodeURIComponent(`reformer_http_requests_total{route="${TEMPLATED_ROUTE}",status="401"}`);
  const series = await until(
    `reformer_http_requests_total{route="${TEMPLATED_ROUTE}"} in Prometheus`,
    async () => {
      const result = (await prometheusApi(prometheus, `/query?query=${query}`))?.result ?? [];
      return result.length === 2 ? result : null;
    },
    () => prometheus.output(),
  );
  console.log(`${series.length} series of ${TEMPLATED_ROUTE} (one per target), value ${series[0].value[1]}`);

  const all = await prometheusApi(
    prometheus,
    `/query?query=${encodeURIComponent('{__name__=~"reformer_.+"}')}`,
  );
  const withUuid = (all?.result ?? []).filter((one) =>
    Object.values(one.metric).some((value) => UUID.test(value)),
  );
  if (!all?.result?.length) throw new Error('no reformer_ series in Prometheus');
  if (withUuid.length)
    throw new Error(`series with a UUID in a label: ${JSON.stringify(withUuid[0].metric)}`);
  console.log(`${all.result.length} reformer_ series, none with a UUID in a label`);

  await stopPrometheus(state.prometheus);
  state.prometheus = null;
  const stopped = await stopChild(state.server);
  state.server = null;
  if (!stopped.clean)
    throw new Error(`the server did not stop cleanly (code ${stopped.code}, signal ${stopped.signal})`);
  console.log(`server stopped by SIGTERM in ${stopped.ms.toFixed(0)} ms, exit 0`);
  console.log('\nPASS');
}

try {
  await main();
} catch (error) {
  console.error(`\nFAIL: ${error instanceof Error ? error.message : error}`);
  if (state.server) console.error(`server output (last lines):\n${state.server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
