import { readFileSync } from 'node:fs';
import type { TestCa } from '@reformer/pix-emulator/test-ca';

/**
 * The test CA the browser journeys' server trusts (playwright.config.ts makes it once per run and names its file
 * in E2E_PIX_CA_FILE): the local PSP and the WhatsApp emulator a spec starts serve https under it.
 */
export function emulatorCa(): TestCa {
  const caFile = process.env.E2E_PIX_CA_FILE;
  if (!caFile) throw new Error('E2E_PIX_CA_FILE is set by playwright.config.ts');
  return JSON.parse(readFileSync(caFile, 'utf8'));
}
