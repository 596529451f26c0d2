// `npm run bench:customer-search [-- --skip-seed --keep --samples N --warmup W --spread S]`: the customer
// search at 1,000,000 customers (100 organizations × 10,000) on the real PostgreSQL at 127.0.0.1:5432.
//
// 1. Seeds a fresh database `reformer_bench_search` as bench/seed-customers.mjs does (the real server applies
//    the migrations, organizations through the API, customers with SQL, VACUUM ANALYZE), or with --skip-seed
//    reuses the one a previous run kept.
// 2. For a rare, two common and a two-word search, times `GET /api/organizations/{orgId}/customers?search=…
//    &limit=10` (the owner's bearer token; sequential requests over --spread organizations) next to the raw
//    SQL the repository sends for it (the page query and the count(*) as the same named prepared statements,
//    run with `pg` one after the other on one connection), the two interleaved sample by sample; checks that
//    both return the same page and total; prints p50/p95 and PASS/FAIL against "endpoint p95 ≤ 2 × raw SQL
//    p95 and ≤ 30 ms".
// 3. Prints EXPLAIN (ANALYZE, BUFFERS) of the page and count queries, and says which index they use; a Seq
//    Scan over customers is flagged loudly.
// 4. Stops the server; drops the database unless --keep (keep it to rerun with --skip-seed).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { rawQueries } from './customer-search-sql.mjs';
import {
  expectStatus,
  f1,
  freePort,
  httpGet,
  machine,
  onInterrupt,
  parseArgs,
  startChild,
  stats,
  stopChild,
  waitForOk,
} from './lib.mjs';
import {
  connect,
  createFreshDatabase,
  DATABASE,
  DATABASE_URL,
  databaseExists,
  dropDatabase,
  RARE_LAST_NAME,
  SEED_DEFAULTS,
  seed,
  seededState,
  signIn,
  startServer,
} from './seed-customers.mjs';

const options = parseArgs(process.argv.slice(2), {
  ...SEED_DEFAULTS,
  'skip-seed': false,
  keep: false,
  samples: 1000,
  warmup: 500,
  spread: 10,
});
const LIMIT = 10;
const BUDGET_MS = 30;
const QUERIES = [
  { label: 'rare', search: RARE_LAST_NAME },
  { label: 'common', search: 'silva' },
  { label: 'common, 3 letters', search: 'ana' },
  { label: 'two words', search: 'joao conceicao' },
];

// ---------------------------------------------------------------------------------------------------------
// Measuring

const state = { dataDir: null, server: null, hello: null, client: null, keepDatabase: false };
const cleanup = onInterrupt(async () => {
  await state.client?.end().catch(() => {});
  if (state.hello) await stopChild(state.hello.started, 5000);
  if (state.server) await stopChild(state.server.started, 5000);
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  if (!state.keepDatabase) await dropDatabase();
});

/** One search over HTTP (keep-alive, body read): the API with the owner's token, or the bare server. */
async function timeRequest(url, headers) {
  const t0 = performance.now();
  const response = await httpGet(url, headers);
  const ms = performance.now() - t0;
  expectStatus(response, 200, `GET ${url}`);
  const page = JSON.parse(response.text);
  return { ms, ids: page.items.map((item) => item.id), total: page.total };
}

const timeEndpoint = (organization, search) =>
  timeRequest(
    `${state.server.base}/api/organizations/${organization.id}/customers?search=${encodeURIComponent(search)}&limit=${LIMIT}`,
    { authorization: organization.authorization },
  );

const timeBare = (organization, search) =>
  timeRequest(`${state.hello.base}/customers/${organization.id}?search=${encodeURIComponent(search)}`, {});

async function timeRaw(organization, search) {
  const { list, count } = rawQueries(organization.id, search, LIMIT);
  const t0 = performance.now();
  const rows = await state.client.query(list);
  const t1 = performance.now();
  const counted = await state.client.query(count);
  const t2 = performance.now();
  return {
    ms: t2 - t0,
    listMs: t1 - t0,
    countMs: t2 - t1,
    ids: rows.rows.map((row) => row.id),
    total: Number(counted.rows[0].count),
  };
}

/**
 * `rounds` rounds; round i uses organization i mod spread and runs the endpoint, the bare endpoint and the
 * raw SQL one after the other, starting with a different one each round (none always finds the others'
 * pages in cache or the CPUs just freed).
 */
async function measure(query, organizations, rounds) {
  const result = { endpoint: [], bare: [], raw: [], list: [], count: [], totals: [], mismatches: [] };
  const timers = [
    ['endpoint', timeEndpoint],
    ['bare', timeBare],
    ['raw', timeRaw],
  ];
  for (let round = 0; round < rounds; round += 1) {
    const organization = organizations[round % organizations.length];
    const timed = {};
    for (let k = 0; k < timers.length; k += 1) {
      const [name, time] = timers[(round + k) % timers.length];
      timed[name] = await time(organization, query.search);
    }
    const { endpoint, bare, raw } = timed;
    for (const [name, answer] of [
      ['endpoint', endpoint],
      ['bare endpoint', bare],
    ]) {
      if (answer.total !== raw.total || answer.ids.join() !== raw.ids.join()) {
        result.mismatches.push(`${organization.name}: ${name} total ${answer.total}, raw ${raw.total}`);
      }
    }
    result.endpoint.push(endpoint.ms);
    result.bare.push(bare.ms);
    result.raw.push(raw.ms);
    result.list.push(raw.listMs);
    result.count.push(raw.countMs);
    result.totals.push(raw.total);
  }
  return result;
}

/**
 * For scale, the same rounds of two requests that do no search: `url(organization)` answered 200, timed the
 * same way (keep-alive, body read).
 */
async function measureFloor(organizations, url, headers) {
  const times = [];
  const warmup = Math.min(options.warmup, 100);
  for (let round = -warmup; round < options.samples; round += 1) {
    const organization = organizations[(round + warmup) % organizations.length];
    const t0 = performance.now();
    const response = await httpGet(url(organization), headers(organization));
    const ms = performance.now() - t0;
    expectStatus(response, 200, url(organization));
    if (round >= 0) times.push(ms);
  }
  return stats(times);
}

function summarize(query, result) {
  const endpoint = stats(result.endpoint);
  const raw = stats(result.raw);
  const bare = stats(result.bare);
  const ratio = endpoint.p95 / raw.p95;
  const pass = endpoint.p95 <= 2 * raw.p95 && endpoint.p95 <= BUDGET_MS;
  const totals = result.totals;
  return {
    query,
    endpoint,
    bare,
    bareRatio: bare.p95 / raw.p95,
    raw,
    list: stats(result.list),
    count: stats(result.count),
    ratio,
    pass,
    why: pass
      ? ''
      : [
          endpoint.p95 > 2 * raw.p95 ? `p95 > 2 × raw (${f1(2 * raw.p95)} ms)` : '',
          endpoint.p95 > BUDGET_MS ? `p95 > ${BUDGET_MS} ms` : '',
        ]
          .filter(Boolean)
          .join(', '),
    matches: `${Math.min(...totals)}–${Math.max(...totals)}`,
    mismatches: result.mismatches,
  };
}

function printTable(rows) {
  const head =
    `${'query'.padEnd(34)}${'matches/org'.padStart(12)}${'endpoint p50'.padStart(14)}${'p95'.padStart(8)}` +
    `${'raw SQL p50'.padStart(13)}${'p95'.padStart(8)}${'p95 ratio'.padStart(11)}   verdict`;
  console.log(head);
  console.log('-'.repeat(head.length + 10));
  for (const row of rows) {
    console.log(
      `${`${row.query.label}: "${row.query.search}"`.padEnd(34)}${row.matches.padStart(12)}` +
        `${f1(row.endpoint.p50).padStart(14)}${f1(row.endpoint.p95).padStart(8)}` +
        `${f1(row.raw.p50).padStart(13)}${f1(row.raw.p95).padStart(8)}${row.ratio.toFixed(2).padStart(11)}` +
        `   ${row.pass ? 'PASS' : `FAIL (${row.why})`}`,
    );
  }
  console.log(
    '(ms; raw SQL = the page query + the count(*), one after the other on one connection; the endpoint ' +
      'runs them side by side on two)',
  );
  console.log(
    '\nThe floor, in the same rounds: the bare endpoint (bench/hello-server.mjs: Hono + pg, the same two ' +
      'statements side by side;\nno token, no membership, no validation, no ORM) — what any HTTP endpoint ' +
      'running this SQL costs here:',
  );
  console.log(
    `${'query'.padEnd(34)}${'bare p50'.padStart(10)}${'p95'.padStart(8)}${'p95 ratio to raw'.padStart(18)}` +
      `${'endpoint − bare p95'.padStart(21)}`,
  );
  for (const row of rows) {
    console.log(
      `${`${row.query.label}: "${row.query.search}"`.padEnd(34)}${f1(row.bare.p50).padStart(10)}` +
        `${f1(row.bare.p95).padStart(8)}${row.bareRatio.toFixed(2).padStart(18)}` +
        `${`${f1(row.endpoint.p95 - row.bare.p95)} ms`.padStart(21)}`,
    );
  }
  console.log('\nRaw SQL split:');
  console.log(
    `${'query'.padEnd(34)}${'page p50'.padStart(10)}${'p95'.padStart(8)}${'count p50'.padStart(11)}${'p95'.padStart(8)}`,
  );
  for (const row of rows) {
    console.log(
      `${`${row.query.label}: "${row.query.search}"`.padEnd(34)}${f1(row.list.p50).padStart(10)}` +
        `${f1(row.list.p95).padStart(8)}${f1(row.count.p50).padStart(11)}${f1(row.count.p95).padStart(8)}`,
    );
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement; returns what it found about indexes and Seq Scans. */
async function explain(title, statement) {
  const { rows } = await state.client.query({
    text: `explain (analyze, buffers) ${statement.text}`,
    // Unnamed, with the values: the plan PostgreSQL makes for these words, as force_custom_plan does.
    values: statement.values,
  });
  const lines = rows.map((row) => row['QUERY PLAN']);
  const plan = lines.join('\n');
  const indexes = [
    'customers_search_idx',
    'customers_org_name_idx',
    'customers_organization_id_id_pk',
  ].filter((name) => plan.includes(name));
  const seqScan = /Seq Scan on customers/.test(plan);
  console.log(`\n--- ${title}`);
  console.log(lines.map((line) => `    ${line}`).join('\n'));
  console.log(
    `    => ${indexes.length ? `uses ${indexes.join(' + ')}` : 'uses NO customers index'}; ` +
      `${seqScan ? '!!! SEQ SCAN OVER customers !!!' : 'no Seq Scan over customers'}` +
      `${plan.includes('JIT:') ? '; JIT compiled (adds its compile time)' : ''}`,
  );
  return { title, indexes, seqScan };
}

async function main() {
  console.log(
    'Reformer customer search at scale: GET /api/organizations/{orgId}/customers?search= vs its raw SQL',
  );
  console.log(`Machine: ${machine()}`);
  if (options['skip-seed']) {
    if (!(await databaseExists())) {
      throw new Error(
        `--skip-seed: there is no database "${DATABASE}"; run without --skip-seed (add --keep)`,
      );
    }
    console.log(`Reusing the seeded database "${DATABASE}" (--skip-seed).`);
    state.keepDatabase = options.keep;
  } else {
    console.log(`Fresh database "${DATABASE}" on 127.0.0.1:5432.`);
    await createFreshDatabase();
  }
  state.dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-search-'));
  state.server = await startServer(state.dataDir);
  console.log(`Server: node ${state.server.entry.args.join(' ')}; ${state.server.entry.note}.`);
  state.client = await connect();
  await state.client.query('set plan_cache_mode = force_custom_plan');
  if (!options['skip-seed']) {
    await seed(state.server, state.client, options);
    state.keepDatabase = options.keep;
  }

  const seeded = await seededState(state.client);
  if (seeded.organizations.length === 0 || seeded.customers === 0) {
    throw new Error(`"${DATABASE}" holds no seeded organizations or customers; run without --skip-seed`);
  }
  const settings = await state.client.query(
    `select name, current_setting(name) as value from pg_settings
      where name in ('server_version', 'shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit')
      order by name`,
  );
  console.log(
    `\nDatabase: ${seeded.customers.toLocaleString('en-US')} customers in ${seeded.organizations.length} ` +
      `organizations; PostgreSQL ${settings.rows.map((row) => `${row.name}=${row.value}`).join(', ')}`,
  );

  const spread = Math.min(options.spread, seeded.organizations.length);
  const organizations = [];
  for (let i = 0; i < spread; i += 1) {
    const organization = seeded.organizations[Math.floor((i * seeded.organizations.length) / spread)];
    organizations.push({ ...organization, authorization: await signIn(state.server, organization.email) });
  }
  console.log(
    `Measuring: first ${options.warmup} unrecorded rounds of every query (a server in steady use: V8 has ` +
      `optimized the request path, PostgreSQL has the pages cached), then ${options.samples} samples per ` +
      `query, sequential, limit=${LIMIT}, over ${spread} organizations ` +
      `(${organizations.map((o) => o.name.replace('Bench Studio ', '#')).join(' ')})\n`,
  );

  const helloPort = await freePort();
  state.hello = {
    started: startChild(['bench/hello-server.mjs'], { PORT: String(helloPort), DATABASE_URL }),
    base: `http://127.0.0.1:${helloPort}`,
  };
  await waitForOk(`${state.hello.base}/`, state.hello.started);

  const rows = [];
  for (const query of QUERIES) await measure(query, organizations, options.warmup);
  for (const query of QUERIES) {
    rows.push(summarize(query, await measure(query, organizations, options.samples)));
  }
  const organizationRead = await measureFloor(
    organizations,
    (organization) => `${state.server.base}/api/organizations/${organization.id}`,
    (organization) => ({ authorization: organization.authorization }),
  );
  const hello = await measureFloor(
    organizations,
    () => `${state.hello.base}/`,
    () => ({}),
  );
  await stopChild(state.hello.started);
  state.hello = null;
  printTable(rows);
  console.log('\nFor scale, the same rounds of requests that do no search:');
  console.log(
    `  GET /api/organizations/{orgId} (bearer check, membership, the organization and its counts): p50 ${f1(organizationRead.p50)} ms, ` +
      `p95 ${f1(organizationRead.p95)} ms`,
  );
  console.log(
    `  bare Hono hello-world (bench/hello-server.mjs; HTTP on loopback): p50 ${f1(hello.p50)} ms, ` +
      `p95 ${f1(hello.p95)} ms`,
  );
  const mismatched = rows.filter((row) => row.mismatches.length);
  for (const row of mismatched) {
    console.log(
      `!!! "${row.query.search}": an endpoint and the raw SQL disagree: ${row.mismatches.slice(0, 3).join('; ')}`,
    );
  }
  if (!mismatched.length)
    console.log('Every sample: both endpoints returned the same page (ids) and total as the raw SQL.');
  if (state.server.entry.fallback) {
    console.log(
      '!!! The server ran from bench/server-entry.mjs (the web build fails, see above): the same API, no web app.',
    );
  }
  console.log(
    `Overall: ${rows.every((row) => row.pass) ? 'PASS' : 'FAIL'} (endpoint p95 ≤ 2 × raw SQL p95 and ≤ ${BUDGET_MS} ms, every query)`,
  );

  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS), organization ${organizations[0].name} (${organizations[0].id}):`,
  );
  const plans = [];
  for (const query of QUERIES) {
    const { list, count } = rawQueries(organizations[0].id, query.search, LIMIT);
    plans.push(await explain(`page query, ${query.label}: "${query.search}"`, list));
    plans.push(await explain(`count query, ${query.label}: "${query.search}"`, count));
  }
  const seqScans = plans.filter((plan) => plan.seqScan);
  const noIndex = plans.filter((plan) => plan.indexes.length === 0);
  console.log('\nPlans:');
  for (const plan of plans) {
    console.log(
      `  ${plan.title.padEnd(48)} ${plan.indexes.join(' + ') || 'NO INDEX'}${plan.seqScan ? '  !!! SEQ SCAN' : ''}`,
    );
  }
  if (seqScans.length) {
    console.log('\n!!!!!!!! A SEQ SCAN OVER customers APPEARS IN THE PLANS ABOVE !!!!!!!!');
    for (const plan of seqScans) console.log(`!!! ${plan.title}`);
  } else {
    console.log('No Seq Scan over customers in any plan.');
  }
  if (noIndex.length)
    console.log(`!!! no customers index in: ${noIndex.map((plan) => plan.title).join('; ')}`);

  await state.client.end();
  state.client = null;
  const stopped = await stopChild(state.server.started);
  state.server = null;
  if (!stopped.clean)
    console.log(`note: the server did not stop cleanly (code ${stopped.code}, signal ${stopped.signal})`);
  console.log(
    state.keepDatabase
      ? `\nKept "${DATABASE}" (--keep): rerun with --skip-seed.`
      : `\nDropping "${DATABASE}" (pass --keep to keep it for --skip-seed).`,
  );
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:customer-search failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
