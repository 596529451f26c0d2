// `npm run test:https` (issue #30, decision 041): the README's "Run it on a server", as far as this network
// allows — pass/fail, exit 1 on failure. Starts the server as `npm start` runs it (embedded PostgreSQL in a
// temporary DATA_DIR, TRUST_PROXY=true, PUBLIC_URL on https) and Debian's Caddy with the repository's own
// deploy/Caddyfile, the file the README copies to /etc/caddy, with REFORMER_TLS=internal (Caddy's own CA, its
// storage in a temporary XDG_DATA_HOME, no admin endpoint). Then, through https:
// - sign-up: the session cookie is Secure; every answer carries one HSTS header, Caddy's own answers too;
// - an organization and a customer are created (with an Idempotency-Key);
// - the client address the server sees is the one Caddy forwarded: connecting from 127.0.0.2 spends that
//   address's sign-in attempts (429), a forged X-Forwarded-For does not get around it, 127.0.0.3 still may;
// - the PIX webhook: refused on the studio's hostname; on its own hostname refused without a client
//   certificate, with one from another CA, and through a connection made for the studio's hostname; passed to
//   the server (an answer carrying the server's X-Request-Id) with a certificate the configured bank CA signed;
// - Caddy's access log holds the requests, no query string and not the webhook's secret segment.
// Then deploy/nginx.conf (certificates made here with openssl): `nginx -t`, and nginx itself in front of the
// server for the same checks (HSTS, the webhook's certificate, the masked log). Last, `systemd-analyze verify`
// on the unit `npm run install-service` writes (skipped, saying why, where systemd-analyze is missing).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BENCH_PASSWORD,
  freePort,
  httpsAnswer,
  machine,
  onInterrupt,
  root,
  serverEntry,
  sleep,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';

const TIMEOUT_MS = 60_000;
const DOMAIN = 'localhost';
const WEBHOOK_DOMAIN = 'pix.localhost';
/** Sign-in attempts per address and window, small so that one address spends them in a few requests. */
const SIGN_IN_ATTEMPTS = 3;
const WEBHOOK_SECRET = `secret-${randomUUID()}`;
const QUERY_MARKER = `query-${randomUUID()}`;

const state = { folders: [], server: null, caddy: null, nginx: null };
const cleanup = onInterrupt(async () => {
  if (state.caddy) await stopProcess(state.caddy);
  if (state.nginx) await stopProcess(state.nginx);
  if (state.server) await stopChild(state.server, 5000);
  for (const folder of state.folders) await rm(folder, { recursive: true, force: true });
});

const results = [];
/** `detail` is printed on a failure, or always with `show` (what a refusal looked like). */
function check(condition, what, detail = '', { show = false } = {}) {
  results.push({ ok: Boolean(condition), what });
  const shown = detail && (show || !condition) ? `\n     ${detail}` : '';
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${what}${shown}`);
}

async function temporaryFolder(prefix) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  state.folders.push(folder);
  return folder;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  return result;
}

function requireProgram(command, args, install) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} is not installed here (Debian: apt-get install ${install})`);
  return `${result.stdout}${result.stderr}`.trim().split('\n')[0];
}

// ---------------------------------------------------------------------------------------------------------
// Certificates: the bank's CA and a client certificate it signed, another CA's, and nginx's server ones.

function openssl(args, cwd) {
  const result = run('openssl', args, { cwd });
  if (result.status !== 0) throw new Error(`openssl ${args.join(' ')}:\n${result.stderr}`);
}

function makeCa(folder, name) {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    folder,
  );
}

/** A certificate `ca` signed: `usage` clientAuth (the bank's) or serverAuth with `name` as its DNS name. */
async function makeSigned(folder, name, ca, usage) {
  const extensions = [
    'basicConstraints=critical,CA:FALSE',
    `extendedKeyUsage=${usage}`,
    ...(usage === 'serverAuth' ? [`subjectAltName=DNS:${name}`] : []),
  ];
  await writeFile(join(folder, `${name}.ext`), `${extensions.join('\n')}\n`);
  openssl(
    [
      'req',
      '-new',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      `/CN=${name}`,
    ],
    folder,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.crt`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    ],
    folder,
  );
  return {
    cert: await readFile(join(folder, `${name}.crt`)),
    key: await readFile(join(folder, `${name}.key`)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The server and Caddy

async function startServer(publicUrl, webhookUrl) {
  const port = await freePort();
  state.server = startChild(serverEntry().args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: await temporaryFolder('reformer-https-data-'),
    DATABASE_URL: '',
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    PUBLIC_URL: publicUrl,
    PIX_WEBHOOK_URL: webhookUrl,
    AUTH_RATE_LIMIT_MAX: String(SIGN_IN_ATTEMPTS),
    LOG_LEVEL: 'info',
  });
  await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, state.server);
  return port;
}

/** `caddy run` on deploy/Caddyfile with the variables the README puts in /etc/caddy/reformer.env. */
async function startCaddy({ httpsPort, upstreamPort, pspCaFile }) {
  const folder = await temporaryFolder('reformer-caddy-');
  const accessLog = join(folder, 'access.log');
  const env = {
    ...process.env,
    HOME: folder,
    XDG_DATA_HOME: join(folder, 'data'),
    XDG_CONFIG_HOME: join(folder, 'config'),
    REFORMER_DOMAIN: DOMAIN,
    REFORMER_WEBHOOK_ADDRESS: WEBHOOK_DOMAIN,
    REFORMER_PSP_CA_FILE: pspCaFile,
    REFORMER_TLS: 'internal',
    REFORMER_UPSTREAM: `127.0.0.1:${upstreamPort}`,
    REFORMER_ACCESS_LOG: accessLog,
    REFORMER_HTTP_PORT: String(await freePort()),
    REFORMER_HTTPS_PORT: String(httpsPort),
    REFORMER_CADDY_ADMIN: 'off',
  };
  const child = spawn(
    'caddy',
    ['run', '--config', join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  state.caddy = { child, exited, output: () => output };
  return {
    accessLog,
    rootCertificate: join(env.XDG_DATA_HOME, 'caddy/pki/authorities/local/root.crt'),
    output: () => output,
    exited: () => child.exitCode !== null,
  };
}

async function stopProcess(started) {
  if (started.child.exitCode !== null) return;
  try {
    process.kill(-started.child.pid, 'SIGTERM');
  } catch {
    started.child.kill('SIGTERM');
  }
  await started.exited;
}

/**
 * One https request to 127.0.0.1:`port`, for hostname `host` (SNI `servername`, the Host header `host`),
 * trusting `ca`, from `localAddress`, with a client certificate when `cert` and `key` are given. Resolves with
 * { status, headers, text }, or { error } when the TLS connection or the request fails.
 */
function https(port, path, { host = DOMAIN, servername = host, method = 'GET', headers = {}, body, ...tls }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sent = {
    host: `${host}:${port}`,
    ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
    ...headers,
  };
  return httpsAnswer(
    { host: '127.0.0.1', port, path, method, headers: sent, servername, agent: false, ...tls },
    payload,
  );
}

const describe = (answer) =>
  answer.error
    ? `error: ${answer.error.code ?? ''} ${answer.error.message}`
    : `${answer.status} ${answer.text.slice(0, 300)}`;

/** Polls `read` until it returns a value that is not null; fails with `details()` after TIMEOUT_MS. */
async function until(what, read, details) {
  const deadline = performance.now() + TIMEOUT_MS;
  while (performance.now() < deadline) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${TIMEOUT_MS / 1000} s\n${details()}`);
}

const cookieOf = (answer) =>
  (answer.headers['set-cookie'] ?? []).map((value) => value.split(';')[0]).join('; ');

// ---------------------------------------------------------------------------------------------------------
// The checks

async function checkBrowserPath(port, tls) {
  const origin = `https://${DOMAIN}:${port}`;
  const email = `owner-${randomUUID()}@example.com`;
  const signUp = await https(port, '/api/auth/sign-up/email', {
    ...tls,
    method: 'POST',
    headers: { origin },
    body: { email, password: BENCH_PASSWORD, firstName: 'Ana', lastName: 'Souza' },
  });
  check(signUp.status === 200, 'sign-up through https answers 200', describe(signUp));
  const cookies = signUp.headers?.['set-cookie'] ?? [];
  const session = cookies.find((value) => /session_token=/.test(value));
  check(
    session && /;\s*Secure(;|$)/i.test(session),
    'the session cookie is Secure',
    `Set-Cookie: ${cookies.join(' | ')}`,
  );
  const hsts = signUp.headers?.['strict-transport-security'];
  check(
    typeof hsts === 'string' && /max-age=\d{7,}/.test(hsts) && !hsts.includes(','),
    'one Strict-Transport-Security header on the server’s answer',
    `got ${JSON.stringify(hsts)}`,
  );

  const token = await https(port, '/api/auth/token', { ...tls, headers: { cookie: cookieOf(signUp) } });
  check(token.status === 200, 'an API token for the session cookie', describe(token));
  const authorization = `Bearer ${JSON.parse(token.text).token}`;
  const organization = await https(port, '/api/organizations', {
    ...tls,
    method: 'POST',
    headers: { authorization, 'idempotency-key': randomUUID() },
    body: { name: 'Estúdio Https', description: 'Pilates' },
  });
  check(organization.status === 201, 'an organization is created through https', describe(organization));
  const organizationId = JSON.parse(organization.text).id;
  const customers = `/api/organizations/${organizationId}/customers`;
  const customer = await https(port, customers, {
    ...tls,
    method: 'POST',
    headers: { authorization, 'idempotency-key': randomUUID() },
    body: { firstName: 'Maria', lastName: 'Oliveira' },
  });
  check(customer.status === 201, 'a customer is created through https', describe(customer));
  // A query string, which must not reach the access log.
  const search = await https(port, `${customers}?search=${QUERY_MARKER}`, {
    ...tls,
    headers: { authorization },
  });
  check(
    search.status === 200,
    'the customer list answers through https with a query string',
    describe(search),
  );
  return { organizationId, origin };
}

/** The auth rate limit counts per client address: the one Caddy forwarded, not Caddy's own. */
async function checkClientAddress(port, tls, origin) {
  const signIn = (localAddress, headers = {}) =>
    https(port, '/api/auth/sign-in/email', {
      ...tls,
      localAddress,
      method: 'POST',
      headers: { origin, ...headers },
      body: { email: 'nobody@example.com', password: 'not the password at all' },
    });
  const spent = [];
  for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS; attempt += 1)
    spent.push((await signIn('127.0.0.2')).status);
  check(
    spent.every((status) => status === 401),
    `${SIGN_IN_ATTEMPTS} wrong sign-ins from 127.0.0.2 answer 401`,
    `got ${spent.join(', ')}`,
  );
  const limited = await signIn('127.0.0.2');
  check(limited.status === 429, 'the next one from 127.0.0.2 answers 429', describe(limited));
  const forged = await signIn('127.0.0.2', { 'x-forwarded-for': '203.0.113.7' });
  check(
    forged.status === 429,
    'a forged X-Forwarded-For from 127.0.0.2 does not get around the limit (Caddy replaces it)',
    describe(forged),
  );
  const other = await signIn('127.0.0.3');
  check(
    other.status === 401,
    'from 127.0.0.3 a sign-in is still tried (401): the server counts the address Caddy forwarded',
    describe(other),
  );
}

/** The server's answer carries its X-Request-Id; an answer Caddy made alone does not. */
const fromServer = (answer) => !answer.error && typeof answer.headers['x-request-id'] === 'string';
const refusedAtProxy = (answer) => Boolean(answer.error) || (answer.status >= 400 && !fromServer(answer));

async function checkWebhook(port, tls, organizationId, bank, otherBank) {
  const path = `/api/pix-webhooks/${organizationId}/${WEBHOOK_SECRET}/pix`;
  const webhook = (options) =>
    https(port, path, { ...tls, host: WEBHOOK_DOMAIN, method: 'POST', body: { pix: [] }, ...options });

  const onStudioHost = await https(port, path, { ...tls, method: 'POST', body: { pix: [] } });
  check(
    onStudioHost.status === 404 && !fromServer(onStudioHost),
    'the webhook on the studio’s hostname is answered 404 by Caddy',
    describe(onStudioHost),
  );
  check(
    /max-age=\d{7,}/.test(onStudioHost.headers?.['strict-transport-security'] ?? ''),
    'Caddy’s own answer carries HSTS too',
    JSON.stringify(onStudioHost.headers),
  );
  const withoutCertificate = await webhook({});
  check(
    refusedAtProxy(withoutCertificate),
    'the webhook without a client certificate is refused by Caddy',
    describe(withoutCertificate),
    { show: true },
  );
  const otherCa = await webhook(otherBank);
  check(
    refusedAtProxy(otherCa),
    'with a certificate another CA signed, refused by Caddy',
    describe(otherCa),
    { show: true },
  );
  const crossedNames = await webhook({ servername: DOMAIN });
  check(
    refusedAtProxy(crossedNames),
    'through a connection made for the studio’s hostname (no certificate asked), refused by Caddy',
    describe(crossedNames),
    { show: true },
  );
  const accepted = await webhook(bank);
  check(
    fromServer(accepted) && accepted.status < 500,
    'with the bank’s client certificate, the webhook reaches the server',
    describe(accepted),
    { show: true },
  );
  return { path, acceptedStatus: accepted.status };
}

async function checkAccessLog(caddy, { path: webhookPath, acceptedStatus }, maskedMetaPath) {
  const parse = (text) =>
    text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  // Caddy writes a request's line once it has answered: wait for the last request's.
  const text = await until(
    'the accepted webhook’s line in the access log',
    async () => {
      const log = existsSync(caddy.accessLog) ? await readFile(caddy.accessLog, 'utf8') : '';
      const last = parse(log).some(
        (line) => line.request?.host?.startsWith(WEBHOOK_DOMAIN) && line.status === acceptedStatus,
      );
      return last && log.includes(maskedMetaPath) ? log : null;
    },
    caddy.output,
  );
  const lines = parse(text);
  const uris = lines.map((line) => line.request?.uri ?? '');
  console.log(`access log: ${lines.length} lines, e.g. ${uris.filter((uri) => uri.includes('pix')).at(-1)}`);
  check(lines.length >= 8, 'the access log holds the requests', `${lines.length} lines`);
  check(!text.includes(WEBHOOK_SECRET), 'the access log does not hold the webhook’s secret segment');
  const masked = webhookPath.replace(WEBHOOK_SECRET, '');
  check(uris.includes(masked), `the webhook is logged as ${masked}`, uris.join(' '));
  check(uris.includes(maskedMetaPath), `Meta’s webhook is logged as ${maskedMetaPath}`, uris.join(' '));
  check(
    !text.includes(QUERY_MARKER) && uris.every((uri) => !uri.includes('?')),
    'the access log holds no query string',
    uris.filter((uri) => uri.includes('?')).join(' '),
  );
  check(
    !text.includes('session_token') && !/Bearer [A-Za-z0-9]/.test(text),
    'nor a cookie or a bearer token',
  );
}

const NGINX_DOMAIN = 'studio.example.com';
const NGINX_WEBHOOK_DOMAIN = 'pix.studio.example.com';

/**
 * deploy/nginx.conf with this machine's paths and ports: certificates made here instead of certbot's, the
 * logs and temporary files in `folder`, the server's port, ports of its own instead of 80 and 443.
 */
async function nginxConfiguration(folder, { pspCaFile, serverPort, httpPort, httpsPort }) {
  const site = (await readFile(join(root, 'deploy/nginx.conf'), 'utf8'))
    .replaceAll('/etc/letsencrypt/live/', `${folder}/live/`)
    .replaceAll('/etc/reformer/psp-ca.pem', pspCaFile)
    .replaceAll('/etc/nginx/reformer-proxy.conf', join(root, 'deploy/nginx-proxy.conf'))
    .replaceAll('/var/log/nginx/', `${folder}/`)
    .replaceAll('/var/www/certbot', folder)
    .replaceAll('server 127.0.0.1:3000;', `server 127.0.0.1:${serverPort};`)
    .replace(/^\s*listen \[::\]:.*\n/gm, '')
    .replaceAll('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replaceAll('listen 443 ', `listen 127.0.0.1:${httpsPort} `);
  await writeFile(join(folder, 'reformer.conf'), site);
  const main = join(folder, 'nginx.conf');
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `    ${kind}_temp_path ${folder}/${kind};`,
  );
  await writeFile(
    main,
    [
      `pid ${folder}/nginx.pid;`,
      `error_log ${folder}/error.log;`,
      'events {}',
      'http {',
      ...temporary,
      `    include ${folder}/reformer.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return main;
}

/** `nginx -t` on deploy/nginx.conf, then nginx itself in front of the server: the same checks as Caddy's. */
async function checkNginx(certificates, { pspCaFile, serverPort, organizationId, bank }) {
  // Debian puts it in /usr/sbin, which is not on every user's PATH.
  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
  if (version.error) throw new Error('nginx is not installed here (Debian: apt-get install nginx)');
  const folder = await temporaryFolder('reformer-nginx-');
  for (const name of [NGINX_DOMAIN, NGINX_WEBHOOK_DOMAIN]) {
    const live = join(folder, 'live', name);
    await mkdir(live, { recursive: true });
    const { cert, key } = await makeSigned(certificates, name, 'test-server-ca', 'serverAuth');
    await writeFile(join(live, 'fullchain.pem'), cert);
    await writeFile(join(live, 'privkey.pem'), key);
  }
  const httpsPort = await freePort();
  const main = await nginxConfiguration(folder, {
    pspCaFile,
    serverPort,
    httpPort: await freePort(),
    httpsPort,
  });
  const test = run(nginx, ['-t', '-p', folder, '-c', main]);
  check(
    test.status === 0,
    `nginx -t accepts deploy/nginx.conf (${version.stderr.trim()})`,
    test.stderr.trim(),
  );
  if (test.status !== 0) return;

  const child = spawn(nginx, ['-p', folder, '-c', main, '-g', 'daemon off;'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output = (output + chunk.toString()).slice(-16_384);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  state.nginx = { child, exited };
  const tls = { ca: await readFile(join(certificates, 'test-server-ca.crt')) };
  const studio = { ...tls, host: NGINX_DOMAIN };
  await until(
    'nginx answering',
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
      return (await https(httpsPort, '/api/health/ready', studio)).status === 200 ? true : null;
    },
    () => output,
  );
  const listed = await https(
    httpsPort,
    `/api/organizations/${organizationId}/customers?search=${QUERY_MARKER}`,
    studio,
  );
  check(
    fromServer(listed) &&
      listed.status === 401 &&
      /max-age=\d{7,}/.test(listed.headers['strict-transport-security']),
    'nginx passes the studio’s requests on, with one HSTS header',
    describe(listed),
  );
  const path = `/api/pix-webhooks/${organizationId}/${WEBHOOK_SECRET}/pix`;
  const webhook = (options) =>
    https(httpsPort, path, {
      ...tls,
      host: NGINX_WEBHOOK_DOMAIN,
      method: 'POST',
      body: { pix: [] },
      ...options,
    });
  const onStudioHost = await https(httpsPort, path, { ...studio, method: 'POST', body: { pix: [] } });
  check(
    refusedAtProxy(onStudioHost),
    'nginx: the webhook on the studio’s hostname is refused',
    describe(onStudioHost),
  );
  const withoutCertificate = await webhook({});
  check(
    refusedAtProxy(withoutCertificate),
    'nginx: the webhook without a client certificate is refused',
    describe(withoutCertificate),
    { show: true },
  );
  const crossedNames = await webhook({ servername: NGINX_DOMAIN });
  check(
    refusedAtProxy(crossedNames),
    'nginx: through a connection made for the studio’s hostname, refused',
    describe(crossedNames),
    { show: true },
  );
  const accepted = await webhook(bank);
  check(
    fromServer(accepted) && accepted.status < 500,
    'nginx: with the bank’s client certificate, the webhook reaches the server',
    describe(accepted),
  );
  const logFile = join(folder, 'reformer-access.log');
  const log = await until(
    'the accepted webhook’s line in nginx’s access log',
    async () => {
      const text = existsSync(logFile) ? await readFile(logFile, 'utf8') : '';
      return text.includes(NGINX_WEBHOOK_DOMAIN) && text.includes(` ${accepted.status} `) ? text : null;
    },
    () => output,
  );
  check(
    !log.includes(WEBHOOK_SECRET) && !log.includes(QUERY_MARKER) && !log.includes('?'),
    'nginx’s access log holds no query string and not the webhook’s secret segment',
    log,
  );
  check(
    log.includes(`/api/pix-webhooks/${organizationId}/[secret]/pix`),
    'nginx logs the webhook with its secret masked',
    log,
  );
  await stopProcess(state.nginx);
  state.nginx = null;
}

async function checkSystemdUnit() {
  const folder = await temporaryFolder('reformer-unit-');
  const unit = join(folder, 'reformer.service');
  const install = run(process.execPath, [
    join(root, 'scripts/install-service.mjs'),
    '--user',
    'reformer',
    '--data-dir',
    '/var/lib/reformer',
    '--output',
    unit,
  ]);
  check(install.status === 0, 'npm run install-service writes the unit', install.stderr);
  const text = await readFile(unit, 'utf8');
  const expected = [
    'Restart=on-failure',
    'User=reformer',
    'StateDirectory=reformer',
    'ProtectSystem=strict',
    'ReadWritePaths=/var/lib/reformer',
    'NoNewPrivileges=yes',
    'PrivateTmp=yes',
    'KillMode=mixed',
    'EnvironmentFile=',
    `ExecStart=${process.execPath} ${serverEntry().args.join(' ')}`,
  ];
  const missing = expected.filter((line) => !text.includes(line));
  check(
    missing.length === 0,
    'the unit has the settings decision 041 lists',
    `missing: ${missing.join(', ')}`,
  );
  const stopSeconds = Number(text.match(/^TimeoutStopSec=(\d+)s$/m)?.[1]);
  const shutdownMs = Number(text.match(/^Environment=SHUTDOWN_TIMEOUT_MS=(\d+)$/m)?.[1]);
  check(
    stopSeconds * 1000 > shutdownMs,
    `TimeoutStopSec (${stopSeconds} s) > SHUTDOWN_TIMEOUT_MS (${shutdownMs} ms)`,
  );
  const analyze = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
  if (analyze.error) {
    console.log('skip systemd-analyze verify: systemd-analyze is not installed here (no systemd)');
    return;
  }
  // verify exits 0 on a line it ignores (a misspelt value): any message is a failure.
  const said = `${analyze.stdout}${analyze.stderr}`.trim();
  check(analyze.status === 0 && said === '', 'systemd-analyze verify accepts the unit', said);
}

async function main() {
  console.log('HTTPS in front: the real server behind Debian’s Caddy with deploy/Caddyfile (tls internal)');
  console.log(`Machine: ${machine()}`);
  console.log(requireProgram('caddy', ['version'], 'caddy'));
  requireProgram('openssl', ['version'], 'openssl');

  const certificates = await temporaryFolder('reformer-certificates-');
  makeCa(certificates, 'bank-ca');
  makeCa(certificates, 'other-ca');
  makeCa(certificates, 'test-server-ca');
  const bank = await makeSigned(certificates, 'bank-client', 'bank-ca', 'clientAuth');
  const otherBank = await makeSigned(certificates, 'other-client', 'other-ca', 'clientAuth');
  const pspCaFile = join(certificates, 'bank-ca.crt');

  const httpsPort = await freePort();
  const serverPort = await startServer(
    `https://${DOMAIN}:${httpsPort}`,
    `https://${WEBHOOK_DOMAIN}:${httpsPort}`,
  );
  console.log(`server on 127.0.0.1:${serverPort} (${serverEntry().note}); Caddy on :${httpsPort}`);
  const caddy = await startCaddy({ httpsPort, upstreamPort: serverPort, pspCaFile });

  // Caddy makes its CA, then the sites' certificates, in the background: wait until https answers.
  const ca = await until(
    'Caddy’s local CA',
    async () => {
      if (caddy.exited()) throw new Error(`caddy exited:\n${caddy.output()}`);
      return existsSync(caddy.rootCertificate) ? await readFile(caddy.rootCertificate) : null;
    },
    caddy.output,
  );
  const tls = { ca };
  await until(
    'https://localhost/api/health/ready through Caddy',
    async () => ((await https(httpsPort, '/api/health/ready', tls)).status === 200 ? true : null),
    caddy.output,
  );

  const { organizationId, origin } = await checkBrowserPath(httpsPort, tls);
  await checkClientAddress(httpsPort, tls, origin);
  const webhook = await checkWebhook(httpsPort, tls, organizationId, bank, otherBank);
  // Meta's webhook carries its secret in the path too (decision 049): the same mask must hide it.
  const metaPath = `/api/whatsapp-webhooks/${organizationId}/${WEBHOOK_SECRET}`;
  const meta = await https(httpsPort, `${metaPath}?hub.mode=subscribe&hub.challenge=${QUERY_MARKER}`, tls);
  check(!meta.error && meta.status < 500, 'Meta’s webhook reaches the server through Caddy', describe(meta));
  await checkAccessLog(caddy, webhook, metaPath.replace(WEBHOOK_SECRET, ''));
  check(
    !caddy.output().includes(WEBHOOK_SECRET) && !caddy.output().includes(QUERY_MARKER),
    'Caddy’s own messages hold neither',
  );

  await stopProcess(state.caddy);
  state.caddy = null;

  await checkNginx(certificates, { pspCaFile, serverPort, organizationId, bank });
  const stopped = await stopChild(state.server);
  state.server = null;
  check(stopped.clean, `the server stops on SIGTERM with exit 0 (${stopped.ms.toFixed(0)} ms)`);
  await checkSystemdUnit();

  const failed = results.filter((result) => !result.ok);
  if (failed.length) throw new Error(`${failed.length} of ${results.length} checks failed`);
  console.log(`\nPASS (${results.length} checks)`);
}

try {
  await main();
} catch (error) {
  console.error(`\nFAIL: ${error instanceof Error ? error.message : error}`);
  if (state.server) console.error(`server output (last lines):\n${state.server.output().slice(-3000)}`);
  if (state.caddy) console.error(`caddy output (last lines):\n${state.caddy.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
