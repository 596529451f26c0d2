import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMULATOR_SCOPES, type PixEmulator, startPixEmulator } from './emulator.ts';
import type { RegisteredClient } from './oauth.ts';
import { createTestCa, issueClientCertificate, type TestCa } from './test-ca.ts';

export type PersistentEmulator = {
  emulator: PixEmulator;
  client: RegisteredClient;
  /** The client's certificate and key, as a studio would save them in the PSP settings. */
  certificate: { cert: string; key: string; pfxPassphrase: string };
  file: (name: string) => string;
};

/**
 * The emulator with its CA, its client's credentials and certificate kept in `out` between runs (the demo:
 * `npm run pix-emulator`, and `PIX_PSP=sandbox` beside `npm start`), so settings saved in the app against it
 * keep working after a restart; the charges themselves live in memory only.
 */
export async function startPersistentEmulator(options: {
  out: string;
  host?: string;
  port?: number;
  refundSettleMs?: number;
}): Promise<PersistentEmulator> {
  mkdirSync(options.out, { recursive: true, mode: 0o700 });
  const file = (name: string) => join(options.out, name);
  const write = (name: string, content: string | Buffer) =>
    writeFileSync(file(name), content, { mode: 0o600 });

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
    // A client saved by an earlier version gets the scopes of the operations served since (Pix Automático).
    if (existsSync(file('client.json')))
      return { ...JSON.parse(readFileSync(file('client.json'), 'utf8')).client, scopes: EMULATOR_SCOPES };
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
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 8443,
    refundSettleMs: options.refundSettleMs ?? 3000,
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
  const certificate = {
    cert: readFileSync(file('client-cert.pem'), 'utf8'),
    key: readFileSync(file('client-key.pem'), 'utf8'),
    pfxPassphrase,
  };
  return { emulator, client, certificate, file };
}
