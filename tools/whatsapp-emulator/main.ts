import { parseArgs } from 'node:util';
import { startWhatsAppEmulator } from './emulator.ts';

/**
 * Starts the emulator as a process for a manual test or the browser journeys:
 *   npm run whatsapp-emulator -- --port 8450 --phone-number-id 106540352242922 --waba-id 102290129340398 \
 *     --access-token EAAGdemo --app-secret demo-secret
 * Everything lives in memory; fixed ids and secrets make a connection saved in the app work after a restart.
 */
const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8450' },
    'phone-number-id': { type: 'string' },
    'waba-id': { type: 'string' },
    'access-token': { type: 'string' },
    'app-secret': { type: 'string' },
    'review-delay-ms': { type: 'string', default: '1500' },
    'status-step-ms': { type: 'string', default: '500' },
  },
});

const fixed = Object.fromEntries(
  Object.entries({
    phoneNumberId: values['phone-number-id'],
    wabaId: values['waba-id'],
    accessToken: values['access-token'],
    appSecret: values['app-secret'],
  }).filter(([, value]) => value !== undefined),
);
const emulator = await startWhatsAppEmulator({
  host: values.host,
  port: Number(values.port),
  accounts: [fixed],
  reviewDelayMs: Number(values['review-delay-ms']),
  statusStepMs: Number(values['status-step-ms']),
});
const { account } = emulator;
console.log(`WhatsApp Cloud API emulator (Graph ${emulator.version}) at ${emulator.url}
  Phone number ID  ${account.phoneNumberId} (${account.displayPhoneNumber})
  WABA ID          ${account.wabaId}
  Access token     ${account.accessToken}
  App secret       ${account.appSecret}
  Sandbox          POST ${emulator.url}/__sandbox/inbound {"from":"5511987654321","text":"SAIR"} and the rest of docs/decisions/049`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
