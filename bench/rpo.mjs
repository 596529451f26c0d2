// `npm run bench:rpo [-- --seconds 150 --writers 2]`: the recovery point objective of the embedded database
// after a lost disk (issue #28, decision 036). The real server runs on a DATA_DIR with a backup key and
// BACKUP_DIR on another folder (the "other disk"); a physical base backup is made ("Back up now"), writers
// create customers through the API for `--seconds`, each acknowledged write's time kept; then the server and
// its PostgreSQL are killed with SIGKILL and the DATA_DIR deleted (the disk is lost). `npm run restore` of the
// physical backup replays the WAL archive to its end into a new folder; the restored server lists the
// customers. Prints the writes lost and the recovery point: the time between the last acknowledged write and
// the newest one the restore kept (target: 5 minutes; archive_timeout is 60 s).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  call,
  cookieOf,
  expectStatus,
  freePort,
  machine,
  onInterrupt,
  parseArgs,
  serverEntry,
  sleep,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';

const options = parseArgs(process.argv.slice(2), { seconds: 150, writers: 2 });
const PASSPHRASE = 'bench rpo passphrase';
const state = { children: [], folders: [] };
const cleanup = onInterrupt(async () => {
  for (const started of state.children) await stopChild(started, 5000);
  for (const folder of state.folders) await rm(folder, { recursive: true, force: true });
});

async function startServer(dataDir, backupDir) {
  const port = await freePort();
  const started = startChild(serverEntry().args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BACKUP_DIR: backupDir,
    AUTH_RATE_LIMIT_MAX: '100000',
  });
  state.children.push(started);
  await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, started);
  return { base: `http://127.0.0.1:${port}`, port, started };
}

async function runScript(script, args, env) {
  const started = startChild([`scripts/${script}.mjs`, ...args], { BACKUP_PASSPHRASE: PASSPHRASE, ...env });
  const { code } = await started.exited;
  if (code !== 0) throw new Error(`npm run ${script} failed (${code}):\n${started.output()}`);
  return started.output();
}

async function signIn(server) {
  const signUp = await call(server.base, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${server.port}` },
    body: {
      email: `rpo-${randomUUID()}@example.com`,
      password: 'correct horse battery',
      firstName: 'R',
      lastName: 'P',
    },
  });
  expectStatus(signUp, 200, 'sign-up');
  const token = await call(server.base, '/api/auth/token', { headers: { cookie: cookieOf(signUp) } });
  return { cookie: cookieOf(signUp), authorization: `Bearer ${token.json().token}` };
}

async function listedNames(server, session, organizationId) {
  const names = new Set();
  for (let page = 1; ; page += 1) {
    const response = await call(
      server.base,
      `/api/organizations/${organizationId}/customers?search=writer&page=${page}&limit=100`,
      { headers: { authorization: session.authorization } },
    );
    expectStatus(response, 200, 'list customers');
    const { items, total } = response.json();
    for (const item of items) names.add(`${item.firstName} ${item.lastName}`);
    if (items.length === 0 || page * 100 >= total) return names;
  }
}

async function main() {
  console.log(
    `Reformer recovery point after a lost disk: ${options.seconds} s of writes, ${options.writers} writers`,
  );
  console.log(`Machine: ${machine()}\n`);
  const dataDir = await mkdtemp(join(tmpdir(), 'reformer-rpo-data-'));
  const backupDir = await mkdtemp(join(tmpdir(), 'reformer-rpo-backups-'));
  const keyFile = join(backupDir, '..', `reformer-rpo-key-${randomUUID()}.json`);
  state.folders.push(dataDir, backupDir, keyFile);
  await runScript('backup-key', ['--private-key', keyFile], { DATA_DIR: dataDir });
  const server = await startServer(dataDir, backupDir);
  const session = await signIn(server);
  const organization = await call(server.base, '/api/organizations', {
    method: 'POST',
    headers: { authorization: session.authorization },
    body: { name: 'RPO Studio', description: 'Pilates' },
  });
  expectStatus(organization, 201, 'create organization');
  const organizationId = organization.json().id;
  const backUp = await call(server.base, `/api/organizations/${organizationId}/backups`, {
    method: 'POST',
    headers: { authorization: session.authorization },
  });
  expectStatus(backUp, 202, 'back up now');
  for (;;) {
    const status = await call(server.base, `/api/organizations/${organizationId}/backups`, {
      headers: { authorization: session.authorization },
    });
    const { runs } = status.json();
    if (runs.length >= 2 && runs.every((run) => run.status !== 'running')) {
      if (runs.some((run) => run.status !== 'ok')) throw new Error(`a backup failed: ${status.text}`);
      break;
    }
    await sleep(200);
  }
  const physical = (await readdir(backupDir)).find((name) => name.endsWith('-physical.rfb'));
  if (!physical) throw new Error('no physical backup was written');
  console.log(`Base backup: ${physical}`);

  /** name → the time its 201 arrived. */
  const acknowledged = new Map();
  let writing = true;
  const writer = async (w) => {
    for (let i = 0; writing; i += 1) {
      const name = { firstName: `Writer${w}`, lastName: `Row ${i}` };
      try {
        const created = await call(server.base, `/api/organizations/${organizationId}/customers`, {
          method: 'POST',
          headers: { authorization: session.authorization },
          body: name,
        });
        if (created.status === 201) acknowledged.set(`${name.firstName} ${name.lastName}`, Date.now());
      } catch {
        return;
      }
    }
  };
  const writers = Array.from({ length: options.writers }, (_, w) => writer(w));
  await sleep(options.seconds * 1000);
  // The disk dies under the writers: the server and its PostgreSQL go at once, then the folder.
  const lostAt = Date.now();
  process.kill(-server.started.child.pid, 'SIGKILL');
  writing = false;
  await Promise.all(writers);
  await server.started.exited;
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Disk lost after ${acknowledged.size} acknowledged writes.`);

  const restoredDir = await mkdtemp(join(tmpdir(), 'reformer-rpo-restored-'));
  state.folders.push(restoredDir);
  await rm(restoredDir, { recursive: true, force: true });
  const t0 = Date.now();
  const restoreOutput = await runScript(
    'restore',
    [join(backupDir, physical), '--key', keyFile, '--data-dir', restoredDir],
    { DATA_DIR: restoredDir, BACKUP_DIR: backupDir },
  );
  const restoreSeconds = (Date.now() - t0) / 1000;
  console.log(restoreOutput.trim().replace(/^/gm, '  '));
  const restored = await startServer(restoredDir, backupDir);
  const again = await signInExisting(restored, session);
  const present = await listedNames(restored, again, organizationId);
  await stopChild(restored.started);
  const lost = [...acknowledged.keys()].filter((name) => !present.has(name));
  const newestKept = Math.max(
    0,
    ...[...acknowledged].filter(([name]) => present.has(name)).map(([, at]) => at),
  );
  const lastAcknowledged = Math.max(...acknowledged.values());
  const rpoSeconds = (lastAcknowledged - newestKept) / 1000;
  console.log(`\nRestore (physical + WAL archive to its end): ${restoreSeconds.toFixed(1)} s`);
  console.log(`Acknowledged writes: ${acknowledged.size}; lost: ${lost.length}`);
  console.log(
    `Recovery point: the newest kept write was acknowledged ${rpoSeconds.toFixed(1)} s before the last one ` +
      `(${((lostAt - newestKept) / 1000).toFixed(1)} s before the disk was lost) — ` +
      `${rpoSeconds <= 300 ? 'PASS' : 'FAIL'} against 5 minutes`,
  );
}

/** The restored studio's owner signs in again with the same password (the auth secret came back). */
async function signInExisting(server, session) {
  const token = await call(server.base, '/api/auth/token', { headers: { cookie: session.cookie } });
  expectStatus(token, 200, 'the old session on the restored server');
  return { cookie: session.cookie, authorization: `Bearer ${token.json().token}` };
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanup);
