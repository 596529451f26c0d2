import { createPixClient } from '../../integrations/pix/pix-client.ts';
import type { PspAuthenticator } from './pix-psp-connection.ts';

/**
 * "Test connection" through the API Pix client (integrations/pix, decision 026): one client for the one call,
 * closed after it. Its PixError carries the code the screen says in words. `trustedCa` is for tests only (the
 * emulator's CA); production trusts the system's roots, as the PSPs' certificates are public ones.
 */
export function apiPixAuthenticator(options: { trustedCa?: string } = {}): PspAuthenticator {
  return {
    async authenticate({ extras: _extras, ...connection }) {
      const client = createPixClient({
        ...connection,
        ...(options.trustedCa ? { trustedCa: options.trustedCa } : {}),
      });
      try {
        await client.authenticate();
      } finally {
        await client.close();
      }
    },
  };
}
