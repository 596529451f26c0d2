import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPixError } from '../../integrations/pix/pix-error.ts';
import { emulatorConnection } from '../../integrations/pix/pix-test-helpers.ts';
import { apiPixGateway } from './pix-gateway.ts';
import type { OpenedPspConnection } from './pix-psp-connection.ts';

// A PSP that, as Banco do Brasil and Inter do, wants values beside the standard on every API call.
let emulator: PixEmulator;
beforeAll(async () => {
  emulator = await startPixEmulator({
    requiredExtras: { query: { 'gw-dev-app-key': 'bb-app-key' }, headers: { 'x-conta-corrente': '1234567' } },
  });
});
afterAll(() => emulator.close());

function connection(extras: Record<string, string>): OpenedPspConnection {
  const { trustedCa: _ca, ...standard } = emulatorConnection(emulator);
  return {
    ...standard,
    scopes: [],
    certificate: standard.certificate as OpenedPspConnection['certificate'],
    extras,
  };
}

describe('the gateway to a studio’s PSP', () => {
  it('sends the saved extras where the PSP wants them on every call, and the PSP refuses a call without them', async () => {
    const gateway = apiPixGateway({ trustedCa: emulator.ca.cert });
    const withExtras = gateway.open(
      connection({ 'gw-dev-app-key': 'bb-app-key', 'x-conta-corrente': '1234567' }),
    );
    const without = gateway.open(connection({}));
    try {
      expect(await withExtras.getWebhook(emulator.receiver.chave)).toBeNull();
      const refused = await without.getWebhook(emulator.receiver.chave).catch((error: unknown) => error);
      expect(isPixError(refused) && refused.code).toBe('PSP_FORBIDDEN_SCOPE');
      expect(emulator.violations).toEqual([]);
    } finally {
      await Promise.all([withExtras.close(), without.close()]);
    }
  });
});
