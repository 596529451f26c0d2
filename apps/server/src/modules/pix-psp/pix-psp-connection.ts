import { AppError } from '@reformer/domain/errors';
import { PSP_FAILURES, type PspConnectionTest, type PspFailure } from '@reformer/domain/pix-psp';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { sealContext } from '../../lib/sealed-columns.ts';
import { type SecretBox, SecretBoxError } from '../../lib/secret-box.ts';
import type { PixGateway } from './pix-gateway.ts';
import * as repository from './pix-psp.repository.ts';
import { KEY_BLOCK } from './psp-certificate.ts';

/**
 * The connection with its secrets opened, in the shape the API Pix client takes
 * (apps/server/src/integrations/pix, PixConnection): only ever in memory, for one call.
 */
export type OpenedPspConnection = {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  certificate: { kind: 'pem'; cert: string; key: string } | { kind: 'pfx'; pfx: Buffer; passphrase: string };
  extras: Record<string, string>;
};

/** Opens the stored secrets with the server's key; a value that does not open is PSP_SECRETS_UNREADABLE. */
export function openPspConnection(box: SecretBox, row: repository.PspConnectionRow): OpenedPspConnection {
  const open = (column: Parameters<typeof sealContext<'pix_psp_connections'>>[1], sealed: string) => {
    try {
      return box.open(sealed, sealContext('pix_psp_connections', column, row.organizationId));
    } catch (error) {
      if (error instanceof SecretBoxError) throw new AppError('PSP_SECRETS_UNREADABLE');
      throw error;
    }
  };
  const material = open('certificate_sealed', row.certificateSealed);
  const passphrase = row.certificatePasswordSealed
    ? open('certificate_password_sealed', row.certificatePasswordSealed).toString('utf8')
    : '';
  const pem = material.toString('utf8');
  const key = pem.match(KEY_BLOCK)?.[0] ?? '';
  return {
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    clientSecret: row.clientSecretSealed
      ? open('client_secret_sealed', row.clientSecretSealed).toString('utf8')
      : '',
    scopes: row.scopes.split(' ').filter(Boolean),
    certificate:
      row.certificateFormat === 'PFX'
        ? { kind: 'pfx', pfx: material, passphrase }
        : { kind: 'pem', cert: pem.replace(key, '').trim(), key },
    extras: row.extras,
  };
}

function failureOf(error: unknown): PspFailure | null {
  const code = (error as { code?: unknown } | null)?.code;
  return PSP_FAILURES.find((failure) => failure === code) ?? null;
}

/**
 * "Test connection": asks the PSP for a token with the stored credentials, over mutual TLS. A refusal is an
 * answer (200 with `failure`), not an error of ours: the screen says it in words.
 */
export async function testPspConnection(
  db: Database,
  box: SecretBox | null,
  gateway: Pick<PixGateway, 'authenticate'>,
  access: OrgAccess,
  now: Date,
): Promise<PspConnectionTest> {
  if (!box) throw new AppError('PSP_SECRETS_KEY_MISSING');
  const row = await repository.findConnection(db, access.organizationId);
  if (!row) throw new AppError('PSP_CONNECTION_NOT_FOUND');
  const connection = openPspConnection(box, row);
  const testedAt = now.toISOString();
  try {
    await gateway.authenticate(connection);
    return { ok: true, failure: null, testedAt };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return { ok: false, failure, testedAt };
  }
}
