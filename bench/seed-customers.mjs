// `npm run bench:seed-customers [-- --organizations N --per-organization M --batch B]`: a FRESH PostgreSQL
// database `reformer_bench_search` on 127.0.0.1:5432 with 100 organizations × 10,000 customers (1,000,000),
// for bench/customer-search.mjs. The schema comes from the real server (`node scripts/start.mjs` applies the
// migrations at start); the organizations are created through the API (one owner per organization, so the
// memberships are real); the customers are inserted with SQL in multi-row `unnest` batches, interleaved
// across the organizations as real sign-ups would be. Then VACUUM (ANALYZE). The database is KEPT: measure it
// with `npm run bench:customer-search -- --skip-seed [--keep]`.
//
// The module also exports what bench/customer-search.mjs reuses: the database helpers, the server start,
// the owners' sign-in and the seed itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  cities,
  emailDomains,
  femaleFirstNames,
  lastNames,
  maleFirstNames,
  neighborhoods,
  particles,
  professions,
  streets,
} from './customer-names.mjs';
import {
  BENCH_PASSWORD,
  call,
  cookieOf,
  expectStatus,
  machine,
  onInterrupt,
  parseArgs,
  pick,
  prng,
  startApiServer,
  stopChild,
} from './lib.mjs';

export const DATABASE = 'reformer_bench_search';
export const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
export const SEED_DEFAULTS = { organizations: 100, 'per-organization': 10_000, batch: 10_000 };
/** The planted rare fragment: this last name for RARE_PER_ORGANIZATION customers of every organization. */
export const RARE_LAST_NAME = 'Zwiebelkuchen';
export const RARE_PER_ORGANIZATION = 3;
// Fixed, so that a later run (--skip-seed, a new DATA_DIR) can still use the signing keys stored in the
// database; a bench-only value, never a real secret.
const AUTH_SECRET = 'reformer-bench-customer-search-not-a-secret-0123456789';
const ownerEmail = (n) => `bench-search-owner-${String(n).padStart(3, '0')}@example.com`;
const studioName = (n) => `Bench Studio ${String(n).padStart(3, '0')}`;

// ---------------------------------------------------------------------------------------------------------
// Database administration

export async function admin(sql, params) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

export async function databaseExists() {
  const { rowCount } = await admin('select 1 from pg_database where datname = $1', [DATABASE]);
  return rowCount > 0;
}

export async function dropDatabase() {
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
}

/** Drops a previous bench database of that name (it is ours) and creates an empty one. */
export async function createFreshDatabase() {
  await dropDatabase();
  await admin(`CREATE DATABASE "${DATABASE}"`);
}

export async function connect() {
  const client = new pg.Client({ connectionString: DATABASE_URL, application_name: 'bench-customer-search' });
  await client.connect();
  return client;
}

/** What a previous seed left: the bench organizations (with their owners) and the customer count. */
export async function seededState(client) {
  const organizations = await client.query(
    `select o.id, o.name, u.email from organizations o
       join memberships m on m.organization_id = o.id
       join users u on u.id = m.user_id
      where u.email like 'bench-search-owner-%'
      order by o.name`,
  );
  const customers = await client.query('select count(*)::int as n from customers');
  return { organizations: organizations.rows, customers: customers.rows[0].n };
}

// ---------------------------------------------------------------------------------------------------------
// The server and its API

/** `node scripts/start.mjs` (or the lib's fallback) on the bench database; the migrations run at its start. */
export const startServer = (dataDir) =>
  startApiServer({ dataDir, databaseUrl: DATABASE_URL, authSecret: AUTH_SECRET });

async function bearer(server, cookie) {
  const response = await call(server.base, '/api/auth/token', { headers: { cookie } });
  expectStatus(response, 200, 'GET /api/auth/token');
  return `Bearer ${response.json().token}`;
}

/** Signs an owner in (sessions and signing keys live in the database) and returns a fresh bearer header. */
export async function signIn(server, email) {
  const response = await call(server.base, '/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${server.port}` },
    body: { email, password: BENCH_PASSWORD },
  });
  expectStatus(response, 200, `sign-in ${email}`);
  return bearer(server, cookieOf(response));
}

/** Owner n signs up and creates "Bench Studio n"; returns the organization's id. */
async function createOrganization(server, n) {
  const signUp = await call(server.base, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${server.port}` },
    body: { email: ownerEmail(n), password: BENCH_PASSWORD, firstName: 'Owner', lastName: `Studio ${n}` },
  });
  expectStatus(signUp, 200, `sign-up ${ownerEmail(n)}`);
  const authorization = await bearer(server, cookieOf(signUp));
  const created = await call(server.base, '/api/organizations', {
    method: 'POST',
    headers: { authorization },
    body: { name: studioName(n), description: 'Pilates (customer-search benchmark)' },
  });
  expectStatus(created, 201, `POST /api/organizations (${studioName(n)})`);
  return created.json().id;
}

/** All the organizations, four sign-ups at a time (scrypt makes a sign-up the slow part). */
async function createOrganizations(server, count) {
  const ids = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      ids[index] = await createOrganization(server, index + 1);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, count) }, worker));
  return ids;
}

// ---------------------------------------------------------------------------------------------------------
// Customer generation: deterministic (a seeded PRNG), lazy (one batch at a time)

/** Draws earlier entries more often: weight 1 / (rank + 2)^exponent, a Zipf-like popularity curve. */
function weighted(values, exponent) {
  const cumulative = [];
  let total = 0;
  for (let rank = 0; rank < values.length; rank += 1) {
    total += 1 / (rank + 2) ** exponent;
    cumulative.push(total);
  }
  return (random) => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return values[low];
  };
}

const femaleName = weighted(femaleFirstNames, 1);
const maleName = weighted(maleFirstNames, 1);
const lastName = weighted(lastNames, 1);
const city = weighted(cities, 0.8);
const slug = (value) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

/** CPF check digit, as packages/domain/src/cpf.ts computes it. */
function checkDigit(digits) {
  const weightStart = digits.length + 1;
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A valid CPF, unique per row: the 9 base digits are a bijection of the row number (7919 is prime to 10⁹). */
function cpfFor(rowNumber) {
  const base = String((rowNumber * 7919 + 100_000_007) % 1_000_000_000).padStart(9, '0');
  if (/^(\d)\1{8}$/.test(base)) return null; // "111111111-11" passes the arithmetic but is never issued
  const digits = [...base].map(Number);
  digits.push(checkDigit(digits));
  digits.push(checkDigit(digits));
  return digits.join('');
}

const digits = (random, count) => {
  let text = '';
  for (let i = 0; i < count; i += 1) text += Math.floor(random() * 10);
  return text;
};
const pad = (value) => String(value).padStart(2, '0');
const CREATED_FROM = Date.parse('2019-01-01T00:00:00Z');
const CREATED_SPAN = Date.parse('2025-06-01T00:00:00Z') - CREATED_FROM;

function surname(random) {
  const name = lastName(random);
  const particle = particles[name];
  return particle && random() < 0.3 ? `${particle} ${name}` : name;
}

/** Is row k of an organization (0-based, of perOrganization) one of the planted rare last names? */
function isRare(k, perOrganization) {
  for (let j = 0; j < RARE_PER_ORGANIZATION; j += 1) {
    if (k === Math.floor(((j + 0.5) * perOrganization) / RARE_PER_ORGANIZATION)) return true;
  }
  return false;
}

const COLUMNS = [
  ['organization_id', 'uuid'],
  ['id', 'uuid'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['date_of_birth', 'date'],
  ['gender', 'gender'],
  ['id_type', 'id_type'],
  ['id_number', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['is_whatsapp', 'boolean'],
  ['address', 'text'],
  ['number', 'text'],
  ['neighborhood', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip_code', 'text'],
  ['profession', 'text'],
  ['status', 'customer_status'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
// The generated columns search_text and sort_name are left out: PostgreSQL computes them.
const INSERT_SQL = `insert into customers (${COLUMNS.map(([name]) => name).join(', ')})
  select * from unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;

/**
 * Rows [start, start + count) of the whole seed, as one array per column. Row g belongs to organization
 * g % organizations (the organizations interleave, as their customers sign up over the same years), and is
 * row k = ⌊g / organizations⌋ of it.
 */
function buildBatch(random, organizationIds, perOrganization, start, count) {
  const columns = COLUMNS.map(() => new Array(count));
  const organizations = organizationIds.length;
  for (let i = 0; i < count; i += 1) {
    const g = start + i;
    const k = Math.floor(g / organizations);
    const roll = random();
    const gender = roll < 0.72 ? 'FEMALE' : roll < 0.98 ? 'MALE' : roll < 0.99 ? 'OTHER' : null;
    const firstName = gender === 'MALE' ? maleName(random) : femaleName(random);
    const last = isRare(k, perOrganization)
      ? random() < 0.5
        ? RARE_LAST_NAME
        : `${surname(random)} ${RARE_LAST_NAME}`
      : random() < 0.55
        ? `${surname(random)} ${surname(random)}`
        : surname(random);
    const createdAt = CREATED_FROM + Math.floor(random() * CREATED_SPAN);
    const [cityName, state, areaCode] = city(random);
    const hasAddress = random() < 0.6;
    const hasPhone = random() < 0.9;
    const birthYear = 1950 + Math.floor(random() * 58);
    const cpf = random() < 1 / 3 ? cpfFor(g) : null;
    const statusRoll = random();
    const lastWord = last.split(' ').at(-1);
    const row = [
      organizationIds[g % organizations],
      uuidv7({ msecs: createdAt }),
      firstName,
      last,
      random() < 0.85
        ? `${birthYear}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`
        : null,
      gender,
      cpf ? 'CPF' : null,
      cpf,
      random() < 0.85
        ? `${slug(firstName.split(' ')[0])}.${slug(lastWord)}${g}@${pick(random, emailDomains)}`
        : null,
      hasPhone ? `(${areaCode}) 9${digits(random, 4)}-${digits(random, 4)}` : null,
      hasPhone && random() < 0.7,
      hasAddress ? pick(random, streets) : null,
      hasAddress ? String(1 + Math.floor(random() * 3000)) : null,
      hasAddress ? pick(random, neighborhoods) : null,
      hasAddress ? cityName : null,
      hasAddress ? state : null,
      hasAddress ? `${digits(random, 5)}-${digits(random, 3)}` : null,
      random() < 0.4 ? pick(random, professions) : null,
      statusRoll < 0.85
        ? 'ACTIVE'
        : statusRoll < 0.94
          ? 'INACTIVE'
          : statusRoll < 0.98
            ? 'PENDING'
            : 'DELETED',
      new Date(createdAt).toISOString(),
      new Date(createdAt + Math.floor(random() * 30 * 86_400_000)).toISOString(),
    ];
    for (let c = 0; c < row.length; c += 1) columns[c][i] = row[c];
  }
  return columns;
}

/**
 * Inserts organizations × perOrganization customers in statements of `batch` rows; the next batch is built
 * while PostgreSQL inserts the previous one. Prints progress; returns { rows, ms }.
 */
async function insertCustomers(client, organizationIds, perOrganization, batch) {
  const random = prng(20_240_601);
  const total = organizationIds.length * perOrganization;
  const t0 = performance.now();
  let pending = null;
  let done = 0;
  let reported = 0;
  for (let start = 0; start < total; start += batch) {
    const count = Math.min(batch, total - start);
    const columns = buildBatch(random, organizationIds, perOrganization, start, count);
    if (pending) await pending;
    pending = client.query(INSERT_SQL, columns).then(() => {
      done += count;
      if (done - reported >= total / 10 || done === total) {
        reported = done;
        const seconds = (performance.now() - t0) / 1000;
        console.log(
          `  ${done.toLocaleString('en-US').padStart(9)} rows  ${seconds.toFixed(1).padStart(6)} s  ` +
            `${Math.round(done / seconds).toLocaleString('en-US')} rows/s so far`,
        );
      }
    });
  }
  await pending;
  return { rows: total, ms: performance.now() - t0 };
}

async function timed(what, run) {
  const t0 = performance.now();
  const result = await run();
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${what}: ${seconds.toFixed(1)} s`);
  return result;
}

/**
 * The whole seed against a running server on the (fresh, migrated) bench database: organizations through
 * the API, customers with SQL, then VACUUM (ANALYZE) customers — the steady state autovacuum would reach:
 * statistics, visibility map, GIN pending list merged — and ANALYZE of the rest.
 */
export async function seed(server, client, options) {
  const organizations = options.organizations;
  const perOrganization = options['per-organization'];
  const organizationIds = await timed(
    `${organizations} owners signed up, one organization each (through the API)`,
    () => createOrganizations(server, organizations),
  );
  const total = organizations * perOrganization;
  console.log(
    `Inserting ${total.toLocaleString('en-US')} customers (${perOrganization.toLocaleString('en-US')} per ` +
      `organization, ${options.batch.toLocaleString('en-US')} rows per INSERT … SELECT unnest(…)):`,
  );
  const inserted = await insertCustomers(client, organizationIds, perOrganization, options.batch);
  const rate = inserted.rows / (inserted.ms / 1000);
  console.log(
    `Inserted ${inserted.rows.toLocaleString('en-US')} customers in ${(inserted.ms / 1000).toFixed(1)} s: ` +
      `${Math.round(rate).toLocaleString('en-US')} rows/s (indexes and generated columns maintained as it went)`,
  );
  await timed('VACUUM (ANALYZE) customers', () => client.query('vacuum (analyze) customers'));
  await timed('ANALYZE (whole database)', () => client.query('analyze'));
  const sizes = await client.query(
    `select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size
       from pg_class c
      where c.relname = 'customers'
         or c.oid in (select indexrelid from pg_index where indrelid = 'customers'::regclass)
      order by pg_relation_size(c.oid) desc`,
  );
  console.log(`Sizes: ${sizes.rows.map((row) => `${row.name} ${row.size}`).join(', ')}`);
  return { organizationIds, rowsPerSecond: rate };
}

// ---------------------------------------------------------------------------------------------------------
// `npm run bench:seed-customers`: seed and keep

async function main() {
  const options = parseArgs(process.argv.slice(2), SEED_DEFAULTS);
  const state = { dataDir: null, server: null, client: null, done: false };
  const cleanup = onInterrupt(async () => {
    await state.client?.end().catch(() => {});
    if (state.server) await stopChild(state.server.started, 5000);
    if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
    if (!state.done) await dropDatabase(); // a half-seeded database is no use to --skip-seed
  });
  try {
    console.log(`Seeding a fresh database "${DATABASE}" on 127.0.0.1:5432 for the customer-search benchmark`);
    console.log(`Machine: ${machine()}`);
    await createFreshDatabase();
    state.dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-seed-'));
    state.server = await startServer(state.dataDir);
    console.log(
      `Server: node ${state.server.entry.args.join(' ')}; ${state.server.entry.note}; migrations applied.`,
    );
    state.client = await connect();
    await seed(state.server, state.client, options);
    state.done = true;
    console.log(
      `\nKept "${DATABASE}". Measure it: npm run bench:customer-search -- --skip-seed [--keep]` +
        ' (without --keep that run drops it at the end).',
    );
  } catch (error) {
    console.error(`\nbench:seed-customers failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
