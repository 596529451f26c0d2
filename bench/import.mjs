// `npm run bench:import [-- --rows N --keep]`: the customer import (issue #14, "Speed") on the real PostgreSQL
// at 127.0.0.1:5432 (docs: bench/README.md).
//
// 1. A fresh database `reformer_bench_import` (dropped at the end, also on an error or Ctrl-C, unless --keep);
//    the server applies the migrations; through the API: an owner and two organizations.
// 2. A CSV of ~100,000 customers as a Brazilian spreadsheet holds them (`;`, dd/mm/yyyy, CPF with punctuation,
//    phones as typed), just under the 10 MB limit, and the same rows as the import stores them.
// 3. The baseline: a bare COPY of those stored rows into `customers` (the second organization), with psql's
//    \copy, every index and generated column of the table paying as it does for the import.
// 4. The import end to end through the HTTP API (first organization): POST /customers/import/validate, then
//    POST /customers/import, each with the file; both answers checked, and the rows counted in the database.
// 5. Printed: the times, the ratio import ÷ COPY (target ≤ 5×, PASS/FAIL), and the server process's memory
//    peak (VmHWM) and its resident size sampled during the import.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { v7 as uuidv7 } from 'uuid';
import { machine, onInterrupt, parseArgs, startApiServer, stopChild } from './lib.mjs';
import { admin } from './seed-customers.mjs';
import { seedStudio } from './studio-seed.mjs';

const options = parseArgs(process.argv.slice(2), { rows: 100_000, keep: false });
const DATABASE = 'reformer_bench_import';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
// A bench-only value (the signing keys live in the database): never a real secret.
const AUTH_SECRET = 'reformer-bench-import-not-a-secret-0123456789abcdef';
const MAX_BYTES = 10 * 1024 * 1024;
const TARGET_RATIO = 5;

const state = { dataDir: null, server: null };
const cleanup = onInterrupt(async () => {
  if (state.server) await stopChild(state.server.started, 5000);
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  if (options.keep) return;
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch((error) =>
    console.error(`could not drop "${DATABASE}": ${error.message}`),
  );
});

// ---------------------------------------------------------------------------------------------------------
// The rows

/** The two check digits of a CPF (modulo 11 over the first nine, then ten digits). */
function cpfOf(n) {
  const digits = String(100_000_000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

const FIRST = ['Ana', 'João', 'Maria', 'José', 'Beatriz', 'Luís', 'Fernanda', 'Paulo', 'Conceição', 'Thiago'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Araújo', 'Gonçalves', 'Pereira', 'Lima', 'Simões', 'Brandão'];
/** Area codes in use (none ends in 0). */
const DDDS = [11, 12, 19, 21, 27, 31, 41, 47, 48, 51, 61, 62, 71, 81, 85, 91, 92, 98];
const NOTE = 'Prefere aulas pela manhã; tem dor lombar leve e faz fisioterapia às quintas';

/** Row i as typed in a spreadsheet, and as the import stores it. */
function customer(i, noteLength) {
  const first = FIRST[i % FIRST.length];
  const last = `${LAST[(i * 7) % LAST.length]} ${i}`;
  const cpf = cpfOf(i + 1);
  const ddd = DDDS[i % DDDS.length];
  const mobile = `9${String(10_000_000 + ((i * 7_919) % 90_000_000)).padStart(8, '0')}`;
  const day = 1 + (i % 28);
  const month = 1 + (i % 12);
  const year = 1950 + (i % 55);
  const cep = String(1_000_000 + ((i * 37) % 98_000_000)).padStart(8, '0');
  const gender = i % 2 ? 'Feminino' : 'Masculino';
  const email = `c${i}@ex.com.br`;
  const note = NOTE.slice(0, noteLength);
  const typed = [
    first,
    last,
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    `(${ddd}) ${mobile.slice(0, 5)}-${mobile.slice(5)}`,
    `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`,
    email,
    gender,
    `${cep.slice(0, 5)}-${cep.slice(5)}`,
    note,
  ];
  const stored = {
    first_name: first,
    last_name: last,
    id_type: 'CPF',
    id_number: cpf,
    phone: `+55${ddd}${mobile}`,
    date_of_birth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    email,
    gender: i % 2 ? 'FEMALE' : 'MALE',
    zip_code: `${cep.slice(0, 5)}-${cep.slice(5)}`,
    notes: note || null,
  };
  return { typed, stored };
}

const HEADER = 'Nome;Sobrenome;CPF;Celular;Data de nascimento;E-mail;Sexo;CEP;Observações';
const MAPPING = [
  'firstName',
  'lastName',
  'cpf',
  'phone',
  'dateOfBirth',
  'email',
  'gender',
  'zipCode',
  'notes',
];

/** The longest note that keeps the file under the limit, so it is ~10 MB whatever --rows says. */
function buildFiles(rows) {
  for (let noteLength = NOTE.length; noteLength >= 0; noteLength -= 2) {
    const lines = [HEADER];
    const stored = [];
    for (let i = 0; i < rows; i += 1) {
      const row = customer(i, noteLength);
      lines.push(row.typed.join(';'));
      stored.push(row.stored);
    }
    const csv = `${lines.join('\r\n')}\r\n`;
    if (Buffer.byteLength(csv) <= MAX_BYTES - 4096) return { csv, stored };
  }
  throw new Error(`${rows} rows do not fit in 10 MB`);
}

const COPY_COLUMNS = ['organization_id', 'id', ...Object.keys(customer(0, 0).stored)];
const csvCell = (value) =>
  value === null ? '' : /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

function copyFile(stored, organizationId) {
  return stored
    .map((row) => [organizationId, uuidv7(), ...Object.values(row)].map(csvCell).join(','))
    .join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Measuring

/** Peak and current resident size of a process, from /proc (Linux). */
async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peak: kb('VmHWM') * 1024, now: kb('VmRSS') * 1024 };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function upload(server, authorization, organizationId, step, csv, skipInvalid) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'clientes.csv');
  form.append('mapping', JSON.stringify(MAPPING));
  form.append('skipInvalid', String(skipInvalid));
  const started = performance.now();
  const response = await fetch(`${server.base}/api/organizations/${organizationId}/customers/import${step}`, {
    method: 'POST',
    headers: { authorization },
    body: form,
    signal: AbortSignal.timeout(600_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`POST import${step}: ${response.status} ${text.slice(0, 500)}`);
  return { ms, body: JSON.parse(text) };
}

function psqlCount(organizationId) {
  const result = spawnSync(
    'psql',
    [DATABASE_URL, '-tAc', `select count(*) from customers where organization_id = '${organizationId}'`],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return Number(result.stdout.trim());
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  console.log(`bench:import — ${machine()}`);
  const probe = spawnSync('psql', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0)
    throw new Error('psql is needed for the COPY baseline (apt-get install postgresql-client)');
  console.log(`\nFresh database "${DATABASE}" on 127.0.0.1:5432.`);
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${DATABASE}"`);
  state.dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-import-'));
  state.server = await startApiServer({
    dataDir: state.dataDir,
    databaseUrl: DATABASE_URL,
    authSecret: AUTH_SECRET,
  });
  const server = state.server;
  const pid = server.started.child.pid;
  const studio = await seedStudio(server, {
    prefix: 'bench-import',
    organization: {
      name: 'Bench Studio Import',
      description: 'Pilates (import benchmark)',
      ownerLastName: 'Import',
    },
    establishments: [],
    instructorsPerEstablishment: 0,
  });
  const copyStudio = await seedStudio(server, {
    prefix: 'bench-import',
    owner: studio.owner,
    organization: {
      name: 'Bench Studio Copy',
      description: 'Pilates (COPY baseline)',
      ownerLastName: 'Import',
    },
    establishments: [],
    instructorsPerEstablishment: 0,
  });
  const authorization = studio.owner.authorization;

  const { csv, stored } = buildFiles(options.rows);
  const copyPath = join(state.dataDir, 'customers-copy.csv');
  await writeFile(copyPath, copyFile(stored, copyStudio.organization.id));
  console.log(
    `File: ${options.rows.toLocaleString('en-US')} customers, ${mb(Buffer.byteLength(csv))} (${Buffer.byteLength(csv).toLocaleString('en-US')} bytes), ; separated.`,
  );

  // The baseline first: the import then meets a table 100,000 rows bigger, never a smaller one.
  const copyStarted = performance.now();
  const copy = spawnSync(
    'psql',
    [
      DATABASE_URL,
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `\\copy customers (${COPY_COLUMNS.join(', ')}) from '${copyPath}' with (format csv)`,
    ],
    { encoding: 'utf8' },
  );
  const copyMs = performance.now() - copyStarted;
  if (copy.status !== 0) throw new Error(`COPY failed: ${copy.stderr}`);
  const copied = psqlCount(copyStudio.organization.id);
  if (copied !== options.rows) throw new Error(`COPY wrote ${copied} rows, not ${options.rows}`);

  let rssPeakDuringImport = 0;
  const sampler = setInterval(async () => {
    rssPeakDuringImport = Math.max(rssPeakDuringImport, (await memoryOf(pid)).now);
  }, 25);
  const validated = await upload(server, authorization, studio.organization.id, '/validate', csv, false);
  const imported = await upload(server, authorization, studio.organization.id, '', csv, false);
  clearInterval(sampler);
  const memory = await memoryOf(pid);

  if (validated.body.valid !== options.rows || validated.body.invalid !== 0) {
    throw new Error(`validate: ${JSON.stringify({ ...validated.body, rows: undefined })}`);
  }
  if (imported.body.imported !== options.rows)
    throw new Error(`import: ${JSON.stringify(imported.body).slice(0, 500)}`);
  const inDatabase = psqlCount(studio.organization.id);
  if (inDatabase !== options.rows) throw new Error(`the import left ${inDatabase} rows, not ${options.rows}`);

  const endToEnd = validated.ms + imported.ms;
  const ratio = endToEnd / copyMs;
  console.log('\nResults');
  console.log(`  bare COPY (psql \\copy, same rows, stored form)    ${seconds(copyMs)}`);
  console.log(`  POST /customers/import/validate                    ${seconds(validated.ms)}`);
  console.log(`  POST /customers/import                             ${seconds(imported.ms)}`);
  console.log(`  validate + import, end to end                      ${seconds(endToEnd)}`);
  console.log(
    `  ratio (validate + import) ÷ COPY                   ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'PASS' : 'FAIL'}`,
  );
  console.log(`  ratio import alone ÷ COPY                          ${(imported.ms / copyMs).toFixed(2)}×`);
  console.log(`  server memory peak (VmHWM, whole run)              ${mb(memory.peak)}`);
  console.log(`  server resident size, highest sample during import ${mb(rssPeakDuringImport)}`);
  console.log(
    `  rows in the database: COPY ${copied.toLocaleString('en-US')}, import ${inDatabase.toLocaleString('en-US')}`,
  );
}

main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exitCode = 1;
  });
