// `npm run bench:startup [-- --runs N]`: time from spawning `node scripts/start.mjs` (what `npm start` runs)
// to the first 200 from GET /api/health, on the embedded PostgreSQL (cluster in DATA_DIR):
//   new      — a fresh, empty DATA_DIR (initdb creates the cluster, every migration runs);
//   existing — the same DATA_DIR again, after a clean SIGTERM stop of the first run.
// Each run pairs one new and one existing start on its own temporary folder; the folders are removed at the end.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  machine,
  median,
  ms,
  onInterrupt,
  parseArgs,
  serverEntry,
  startChild,
  stopChild,
  waitForOk,
  webBuildNeeded,
} from './lib.mjs';

const options = parseArgs(process.argv.slice(2), { runs: 5 });
const folders = [];
const cleanup = onInterrupt(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** One timed start on `dataDir`, then a clean stop. */
async function timeStart(entry, dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const started = startChild(entry.args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  });
  try {
    const ready = await waitForOk(`http://127.0.0.1:${port}/api/health`, started);
    return {
      startMs: ready - t0,
      builtWeb: started.output().includes('Building the web app'),
      stop: await stopChild(started),
    };
  } catch (error) {
    await stopChild(started, 2000);
    throw error;
  }
}

async function main() {
  console.log(
    'Reformer start-up: `node scripts/start.mjs` to the first 200 from GET /api/health (embedded PostgreSQL)',
  );
  console.log(`Machine: ${machine()}`);
  console.log(`Runs: ${options.runs} per case, health polled every ~20 ms\n`);

  let entry = serverEntry();
  console.log(`${entry.fallback ? '!!! ' : ''}Server: node ${entry.args.join(' ')}; ${entry.note}.\n`);

  const results = { new: [], existing: [] };
  const problems = [];
  for (let run = 1; run <= options.runs; run += 1) {
    const dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-startup-'));
    folders.push(dataDir);
    for (const kind of ['new', 'existing']) {
      if (!entry.fallback && webBuildNeeded()) {
        entry = serverEntry();
        problems.push(
          `run ${run} ${kind}: the web sources changed while the benchmark ran (someone is editing the tree); ` +
            `${entry.note}, outside the timing, but the tree this run starts is not the one of the earlier runs`,
        );
      }
      const result = await timeStart(entry, dataDir);
      results[kind].push(result.startMs);
      const notes = [];
      if (result.builtWeb) {
        notes.push('INCLUDES A WEB BUILD');
        problems.push(`run ${run} ${kind}: npm start built the web app inside the timed run`);
      }
      if (!result.stop.clean) {
        notes.push(`stop NOT clean (code ${result.stop.code}, signal ${result.stop.signal})`);
        problems.push(`run ${run} ${kind}: SIGTERM stop was not clean`);
      }
      console.log(
        `run ${run}  ${kind.padEnd(8)}  ${ms(result.startMs).padStart(8)}   (stop after SIGTERM: ${ms(result.stop.ms)})` +
          (notes.length ? `  ** ${notes.join('; ')}` : ''),
      );
    }
    await rm(dataDir, { recursive: true, force: true });
  }

  const newMedian = median(results.new);
  const existingMedian = median(results.existing);
  console.log(`\nMedians${entry.fallback ? ' (FALLBACK entry, see above)' : ''}`);
  console.log(`  new data folder:      ${ms(newMedian)}   (runs: ${results.new.map(ms).join(', ')})`);
  console.log(
    `  existing data folder: ${ms(existingMedian)}   (runs: ${results.existing.map(ms).join(', ')})`,
  );
  console.log(`  ratio existing/new:   ${(existingMedian / newMedian).toFixed(2)}`);
  if (problems.length) {
    console.log('\n!!! Problems that affect these figures:');
    for (const problem of problems) console.log(`  - ${problem}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:startup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
