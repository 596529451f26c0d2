import { pspExtrasByLocation } from '@reformer/domain/pix-psp';
import { createPixClient, type PixClient } from '../../integrations/pix/pix-client.ts';
import type { OpenedPspConnection } from './pix-psp-connection.ts';

/**
 * How the product reaches a studio's PSP: the API Pix client (integrations/pix, decision 026) for an opened
 * connection. `authenticate` is "Test connection" (one client for the one call, closed after it); `open` gives
 * the charge and reconciliation jobs a client to use and close. `trustedCa` is for tests only (the emulator's
 * CA); production trusts the system's roots (plus NODE_EXTRA_CA_CERTS), the PSPs' certificates being public.
 */
export type PixGateway = {
  authenticate(connection: OpenedPspConnection): Promise<unknown>;
  open(connection: OpenedPspConnection): PixClient;
};

export function apiPixGateway(options: { trustedCa?: string } = {}): PixGateway {
  const open = ({ extras, ...connection }: OpenedPspConnection) =>
    createPixClient({
      ...connection,
      extras: pspExtrasByLocation(extras),
      ...(options.trustedCa ? { trustedCa: options.trustedCa } : {}),
    });
  return {
    open,
    async authenticate(connection) {
      const client = open(connection);
      try {
        await client.authenticate();
      } finally {
        await client.close();
      }
    },
  };
}
