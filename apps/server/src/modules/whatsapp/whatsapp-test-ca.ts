import { createTestCa, type TestCa } from '@reformer/pix-emulator/test-ca';

let ca: TestCa | undefined;

/**
 * Tests only: the CA of the WhatsApp emulators the tests start over https. The test app's Cloud API client
 * trusts it, as production trusts the system's roots for graph.facebook.com; made once, on first use.
 */
export function whatsappTestCa(): TestCa {
  ca ??= createTestCa('Reformer WhatsApp emulator test CA');
  return ca;
}
