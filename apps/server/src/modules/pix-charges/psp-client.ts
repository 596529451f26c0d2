import { AppError } from '@reformer/domain/errors';
import type { Database } from '../../db/client.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import * as pspRepository from '../pix-psp/pix-psp.repository.ts';
import { openPspConnection } from '../pix-psp/pix-psp-connection.ts';

/**
 * A client of the organization's PSP with its stored connection, its secrets opened with the server's key: the
 * one way the charges' routes and jobs reach a PSP. The caller closes the client.
 */
export async function openPspClient(
  deps: { db: Database; secretBox: SecretBox | null; gateway: PixGateway },
  organizationId: string,
): Promise<{ client: PixClient; row: pspRepository.PspConnectionRow; box: SecretBox }> {
  if (!deps.secretBox) throw new AppError('PSP_SECRETS_KEY_MISSING');
  const row = await pspRepository.findConnection(deps.db, organizationId);
  if (!row) throw new AppError('PSP_CONNECTION_NOT_FOUND');
  return { client: deps.gateway.open(openPspConnection(deps.secretBox, row)), row, box: deps.secretBox };
}
