import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EMULATOR_SCOPES, startPixEmulator } from './emulator.ts';
import type { RegisteredClient } from './oauth.ts';
import { createTestCa, issueClientCertificate, type TestCa } from './test-ca.ts';

/**
 * Starts the emulator as a process for the demo (PIX_PSP=sandbox) or a manual test:
 *   npm run pix-emulator -- --port 8443 --out data/pix-emulator
 * The folder keeps the CA, the client's credentials and its certificate between runs, so settings saved in the
 * app against it keep working after a restart; the charges themselves live in memory only.
 */
const USAGE = `Usage: npm run pix-emulator -- [--host 127.0.0.1] [--port 8443] [--out data/pix-emulator] [--refund-settle-ms 3000]`;

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8443' },
    out: { type: 'string', default: 'data/pix-emulator' },
    'refund-settle-ms': { type: 'string', default: '3000' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

// npm runs the workspace's script in its own folder; the folder is read from where the command was typed.
const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
mkdirSync(out, { recursive: true, mode: 0o700 });
const file = (name: string) => join(out, name);
const write = (name: string, content: string | Buffer) => writeFileSync(file(name), content, { mode: 0o600 });

function loadOrCreateCa(): TestCa {
  if (existsSync(file('ca.pem')) && existsSync(file('ca-key.pem'))) {
    return { cert: readFileSync(file('ca.pem'), 'utf8'), key: readFileSync(file('ca-key.pem'), 'utf8') };
  }
  const ca = createTestCa();
  write('ca.pem', ca.cert);
  write('ca-key.pem', ca.key);
  return ca;
}

function loadOrCreateClient(ca: TestCa): RegisteredClient {
  if (existsSync(file('client.json'))) return JSON.parse(readFileSync(file('client.json'), 'utf8')).client;
  const client = {
    clientId: `reformer-demo-${randomBytes(3).toString('hex')}`,
    clientSecret: randomBytes(18).toString('base64url'),
    scopes: EMULATOR_SCOPES,
  };
  const certificate = issueClientCertificate(ca, client.clientId);
  write('client-cert.pem', certificate.cert);
  write('client-key.pem', certificate.key);
  write('client.pfx', certificate.pfx);
  write('client.json', JSON.stringify({ client, pfxPassphrase: certificate.passphrase }, null, 2));
  return client;
}

const ca = loadOrCreateCa();
const client = loadOrCreateClient(ca);
const emulator = await startPixEmulator({
  ca,
  clients: [client],
  host: values.host,
  port: Number(values.port),
  refundSettleMs: Number(values['refund-settle-ms']),
});
const { pfxPassphrase } = JSON.parse(readFileSync(file('client.json'), 'utf8'));
write(
  'connection.json',
  JSON.stringify(
    {
      baseUrl: emulator.baseUrl,
      tokenUrl: emulator.tokenUrl,
      clientId: client.clientId,
      pixKey: emulator.receiver.chave,
    },
    null,
    2,
  ),
);

console.log(`PIX emulator (API Pix 2.9.0, mutual TLS) at ${emulator.url}
  API base URL   ${emulator.baseUrl}
  Token URL      ${emulator.tokenUrl}
  Client ID      ${client.clientId}
  Client secret  ${client.clientSecret}
  PIX key        ${emulator.receiver.chave}
  Certificate    ${file('client-cert.pem')} + ${file('client-key.pem')}, or ${file('client.pfx')} (password ${pfxPassphrase})
  Trusted CA     ${file('ca.pem')}
  Sandbox        POST ${emulator.url}/__sandbox/charges/{txid}/pay and the rest of docs/decisions/026`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
