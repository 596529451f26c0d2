// `npm run install-service -- [--user reformer] [--data-dir /var/lib/reformer] [--env-file /etc/reformer/reformer.env]
//   [--shutdown-timeout-ms 25000] [--output <file>] [--enable]`: writes deploy/reformer.service for this folder,
// the Node running this script and the options `npm start` passes (decision 041). To stdout unless --output
// names a file; with --enable it writes /etc/systemd/system/reformer.service (unless --output says otherwise),
// then runs `systemctl daemon-reload` and `systemctl enable --now reformer` — never without --enable.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serverNodeOptions } from './server-node-options.mjs';

const USAGE =
  'Usage: npm run install-service -- [--user reformer] [--data-dir /var/lib/reformer] ' +
  '[--env-file /etc/reformer/reformer.env] [--shutdown-timeout-ms 25000] [--output <file>] [--enable]';
const SYSTEM_UNIT = '/etc/systemd/system/reformer.service';
/** What the server needs after SHUTDOWN_TIMEOUT_MS to close the database and stop the embedded PostgreSQL. */
const STOP_MARGIN_SECONDS = 30;

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

function options() {
  try {
    const { values } = parseArgs({
      options: {
        user: { type: 'string', default: 'reformer' },
        'data-dir': { type: 'string', default: '/var/lib/reformer' },
        'env-file': { type: 'string', default: '/etc/reformer/reformer.env' },
        'shutdown-timeout-ms': { type: 'string', default: '25000' },
        output: { type: 'string' },
        enable: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    return values;
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** The unit's text: the template with this machine's values. */
function unitText({ user, dataDir, envFile, shutdownTimeoutMs, node = process.execPath }) {
  const underStateDirectories = dataDir.match(/^\/var\/lib\/([^/].*?)\/?$/);
  const stateDirectory = underStateDirectories
    ? `StateDirectory=${underStateDirectories[1]}\nStateDirectoryMode=0700`
    : `# Not under /var/lib: make it once with install -d -o ${user} -g ${user} -m 700 ${dataDir}`;
  const note = underStateDirectories
    ? `systemd makes ${dataDir} for ${user}, mode 700, before each start.`
    : 'an existing folder of its own, mode 700, owned by the user.';
  const inHome = /^\/(home|root)(\/|$)/.test(root);
  const values = {
    ROOT: root,
    USER: user,
    ENV_FILE: envFile,
    DATA_DIR: dataDir,
    SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    TIMEOUT_STOP_SEC: `${Math.ceil(shutdownTimeoutMs / 1000) + STOP_MARGIN_SECONDS}s`,
    NODE: node,
    NODE_OPTIONS: serverNodeOptions.join(' '),
    STATE_DIRECTORY: stateDirectory,
    STATE_DIRECTORY_NOTE: note,
    PROTECT_HOME: inHome ? 'read-only' : 'yes',
  };
  const template = readFileSync(new URL('../deploy/reformer.service', import.meta.url), 'utf8');
  return template
    .split('\n')
    .filter((line, index) => index > 1 || !line.startsWith('#'))
    .join('\n')
    .replace(/@([A-Z_]+)@/g, (whole, name) => values[name] ?? whole);
}

const values = options();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!/^[a-z_][a-z0-9_-]*$/.test(values.user)) fail(`--user: not a user name: ${values.user}`);
for (const name of ['data-dir', 'env-file'])
  if (!isAbsolute(values[name])) fail(`--${name} must be an absolute path, got ${values[name]}`);
const shutdownTimeoutMs = Number(values['shutdown-timeout-ms']);
if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 0 || shutdownTimeoutMs > 600_000)
  fail('--shutdown-timeout-ms must be a whole number of milliseconds, 0 to 600000');
if (/^\/(home|root)(\/|$)/.test(process.execPath))
  console.error(
    `note: Node is ${process.execPath}, in a home folder ${values.user} may not be able to read; ` +
      'the README installs it system-wide.',
  );

const text = unitText({
  user: values.user,
  dataDir: values['data-dir'].replace(/\/+$/, ''),
  envFile: values['env-file'],
  shutdownTimeoutMs,
});
const output = values.output ?? (values.enable ? SYSTEM_UNIT : undefined);
if (!output) {
  process.stdout.write(text);
  process.exit(0);
}
writeFileSync(resolve(output), text);
console.error(`wrote ${resolve(output)}`);
if (values.enable) {
  for (const args of [['daemon-reload'], ['enable', '--now', 'reformer']]) {
    console.error(`systemctl ${args.join(' ')}`);
    const run = spawnSync('systemctl', args, { stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
