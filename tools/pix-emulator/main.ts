import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPersistentEmulator } from './persistent.ts';

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
const { emulator, client, certificate, file } = await startPersistentEmulator({
  out,
  host: values.host,
  port: Number(values.port),
  refundSettleMs: Number(values['refund-settle-ms']),
});
const { pfxPassphrase } = certificate;

console.log(`PIX emulator (API Pix 2.9.0, mutual TLS) at ${emulator.url}
  API base URL   ${emulator.baseUrl}
  Token URL      ${emulator.tokenUrl}
  Client ID      ${client.clientId}
  Client secret  ${client.clientSecret}
  PIX key        ${emulator.receiver.chave}
  Receiver       CNPJ ${emulator.receiver.cnpj}, branch ${emulator.account.agencia}, account ${emulator.account.conta} (${emulator.account.tipoConta})
  Certificate    ${file('client-cert.pem')} + ${file('client-key.pem')}, or ${file('client.pfx')} (password ${pfxPassphrase})
  Trusted CA     ${file('ca.pem')}
  Sandbox        POST ${emulator.url}/__sandbox/charges/{txid}/pay and the rest of docs/decisions/026;
                 Pix Automático: /__sandbox/recurrences/{idRec}/approve|reject|cancel|expire,
                 /__sandbox/recurring-charges/{txid}/settle|fail (docs/decisions/048)`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
