import {
  createWhatsAppClient,
  type WhatsAppClient,
  type WhatsAppConnection,
} from '../../integrations/whatsapp/whatsapp-client.ts';

/**
 * How the product reaches the Cloud API: a client for an opened connection, closed by whoever opened it.
 * `trustedCa` is for tests only (the emulator's CA); production trusts the system's roots.
 */
export type WhatsAppGateway = {
  open(connection: Omit<WhatsAppConnection, 'trustedCa'>): WhatsAppClient;
};

export function cloudApiGateway(options: { trustedCa?: string } = {}): WhatsAppGateway {
  return {
    open: (connection) =>
      createWhatsAppClient({ ...connection, ...(options.trustedCa ? { trustedCa: options.trustedCa } : {}) }),
  };
}

/** Opens a client for one call and closes it after. */
export async function withWhatsAppClient<T>(
  gateway: WhatsAppGateway,
  connection: Omit<WhatsAppConnection, 'trustedCa'>,
  use: (client: WhatsAppClient) => Promise<T>,
): Promise<T> {
  const client = gateway.open(connection);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
