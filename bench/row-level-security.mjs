// `npm run bench:rls [-- --customers N --seconds S --connections C --keep]`: what the row-level-security wall
// (issue #17, decision 019) costs the customer list, on the real PostgreSQL at 127.0.0.1:5432.
//
// 1. A fresh database `reformer_bench_rls` (dropped at the end unless --keep); a server applies the migrations
//    (and so the wall); through the API: the owner and "Bench Studio RLS"; with SQL: N customers (default
//    2,800, the studio the issue measured) and 20 other organizations of N customers each, then VACUUM.
// 2. For S seconds each, C connections run the customer list's two statements (the page of 20 in name order
//    and the total, no search, then a one-word search) as fast as they can, measured in the same run:
//      without the wall: as the connecting user (who owns the tables), on the table `customers`;
//      behind the wall:  as the tenant role, each list in a transaction that names the organization
//                        (begin; set_config; page; total; commit), on the view the server reads.
//    Prints lists per second and p50/p99 per list for both, and the ratio. Interleaved twice (A B A B) so a
//    noisy neighbour hurts both alike.
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  count,
  f1,
  f2,
  load,
  machine,
  median,
  onInterrupt,
  parseArgs,
  startOnFreshDatabase,
  stopChild,
} from './lib.mjs';
import { insertCustomers, seedStudio } from './studio-seed.mjs';

const args = parseArgs(process.argv.slice(2), { customers: 2800, seconds: 8, connections: 10, keep: false });
const DATABASE = 'reformer_bench_rls';
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;

const state = { dataDir: null, server: null, proxy: null };
async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const cleanup = onInterrupt(async () => {
  if (state.server) await stopChild(state.server.started, 5000);
  await state.proxy?.close();
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  if (!args.keep) await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch(() => {});
});

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

const columns = 'id, first_name, last_name, email, phone, status';
const listStatements = (from, words) => {
  const where = [
    'organization_id = $1',
    "status not in ('DELETED', 'PURGED')",
    ...words.map((_, i) => `search_text like $${i + 2}`),
  ].join(' and ');
  return [
    `select ${columns} from ${from} where ${where} order by sort_name collate "C", id limit 20 offset 0`,
    `select count(*) from ${from} where ${where}`,
  ];
};

/** Runs `oneList` on `connections` clients for `seconds`; lists per second and per-list latencies. */
async function drive(clients, seconds, oneList) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const started = performance.now();
        await oneList(client);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

async function main() {
  console.log(`bench:rls — ${machine()}`);
  await startOnFreshDatabase(state, {
    admin,
    database: DATABASE,
    authSecret: 'bench-rls-secret-long-enough-1234567890',
  });
  const studio = await seedStudio(state.server, {
    prefix: 'bench-rls',
    organization: { name: 'Bench Studio RLS', description: 'bench', ownerLastName: 'RLS' },
    establishments: ['Centro'],
    instructorsPerEstablishment: 0,
  });
  const organizationId = studio.organization.id;
  const seeder = new pg.Client({ connectionString: databaseUrl });
  await seeder.connect();
  await insertCustomers(seeder, organizationId, args.customers, 17);
  for (let other = 0; other < 20; other += 1) {
    const { rows } = await seeder.query(
      "insert into organizations (id, name) values (gen_random_uuid(), 'Neighbour ' || $1) returning id",
      [other],
    );
    await insertCustomers(seeder, rows[0].id, args.customers, 100 + other);
  }
  await seeder.query('vacuum analyze');
  await seeder.end();
  console.log(
    `Seeded ${count(args.customers)} customers in the studio and ${count(args.customers * 20)} in 20 neighbours.`,
  );

  const open = (options) =>
    Promise.all(
      Array.from({ length: args.connections }, async () => {
        const client = new pg.Client({ connectionString: databaseUrl, options });
        await client.connect();
        return client;
      }),
    );
  const owners = await open('-c plan_cache_mode=force_custom_plan');
  const tenants = await open('-c plan_cache_mode=force_custom_plan -c role=reformer_tenant');

  const variants = [
    { words: [], label: 'first page, no search' },
    { words: ['%silva%'], label: 'one-word search' },
  ];
  const results = [];
  for (const variant of variants) {
    const [page, total] = listStatements('customers', variant.words);
    const [viewPage, viewTotal] = listStatements('customers_in_organization', variant.words);
    const values = [organizationId, ...variant.words];
    const withoutWall = async (client) => {
      await client.query(page, values);
      await client.query(total, values);
    };
    const behindWall = async (client) => {
      await client.query('begin');
      await client.query("select set_config('app.organization_id', $1, true)", [organizationId]);
      await client.query(viewPage, values);
      await client.query(viewTotal, values);
      await client.query('commit');
    };
    // A check before timing: both see the same first page.
    const [a] = [await owners[0].query(page, values)];
    await tenants[0].query('begin');
    await tenants[0].query("select set_config('app.organization_id', $1, true)", [organizationId]);
    const b = await tenants[0].query(viewPage, values);
    await tenants[0].query('commit');
    if (JSON.stringify(a.rows) !== JSON.stringify(b.rows)) throw new Error(`${variant.label}: pages differ`);

    const runs = { without: [], behind: [] };
    for (let round = 0; round < 2; round += 1) {
      runs.without.push(await drive(owners, args.seconds / 2, withoutWall));
      runs.behind.push(await drive(tenants, args.seconds / 2, behindWall));
    }
    const summary = (list) => ({
      perSecond: list.reduce((sum, run) => sum + run.perSecond, 0) / list.length,
      p50: median(list.map((run) => run.p50)),
      p99: median(list.map((run) => run.p99)),
    });
    results.push({ label: variant.label, without: summary(runs.without), behind: summary(runs.behind) });
  }

  console.log(
    `\nCustomer list, ${args.connections} connections, ${args.seconds} s per side (load ${load()}):`,
  );
  console.log(
    'call                    | without wall: lists/s  p50 ms  p99 ms | behind wall: lists/s  p50 ms  p99 ms | throughput ratio',
  );
  for (const { label, without, behind } of results) {
    console.log(
      `${label.padEnd(23)} | ${f1(without.perSecond).padStart(21)} ${f2(without.p50).padStart(7)} ${f2(without.p99).padStart(7)} | ` +
        `${f1(behind.perSecond).padStart(20)} ${f2(behind.p50).padStart(7)} ${f2(behind.p99).padStart(7)} | ` +
        `${f2(behind.perSecond / without.perSecond)}×`,
    );
  }
  await Promise.all([...owners, ...tenants].map((client) => client.end()));
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:rls failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
