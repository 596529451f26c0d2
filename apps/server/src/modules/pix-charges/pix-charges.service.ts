import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@reformer/domain/errors';
import {
  type CustomerPixCharges,
  chargePayer,
  type PixCharge,
  type PixWebhookRegistration,
  type ReceivedPix,
  type RegisterPixWebhookInput,
} from '@reformer/domain/pix-charges';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { sealContext } from '../../lib/sealed-columns.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { countPixWebhookCall } from '../../observability/metrics.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import * as pspRepository from '../pix-psp/pix-psp.repository.ts';
import type { PixSandbox } from '../pix-psp/pix-sandbox.ts';
import * as repository from './pix-charges.repository.ts';
import { issueOrganizationCharges } from './pix-charges-job.ts';
import { openPspClient } from './psp-client.ts';
import { recordReceivedPix } from './received-pix.ts';

export type PixDeps = {
  db: Database;
  secretBox: SecretBox | null;
  gateway: PixGateway;
  /** Where PSPs reach us (env `pixWebhookBaseUrl`), without a trailing slash. */
  webhookBaseUrl: string;
};

/** The customer's charges, and whether staff must add a CPF before any can be issued. */
export async function getCustomerPixCharges(
  db: Database,
  access: OrgAccess,
  customerId: string,
  isSandbox: boolean,
): Promise<CustomerPixCharges> {
  const { organizationId } = access;
  if (!isUuid(customerId)) throw new AppError('CUSTOMER_NOT_FOUND');
  const [payer, rows, connection] = await Promise.all([
    repository.findCustomerPayer(db, organizationId, customerId),
    repository.listCustomerCharges(db, organizationId, customerId),
    pspRepository.findConnection(db, organizationId),
  ]);
  if (!payer) throw new AppError('CUSTOMER_NOT_FOUND');
  return {
    isPspConnected: connection !== null,
    isSandbox,
    needsPayerDocument: connection !== null && chargePayer(payer) === null,
    charges: rows.map(toPixCharge),
  };
}

/** A customer's charges, newest cycle first, for the record of their data (the route has checked the customer). */
export async function listCustomerCharges(db: Database, organizationId: string, customerId: string) {
  return (await repository.listCustomerCharges(db, organizationId, customerId)).map(toPixCharge);
}

function toPixCharge(row: repository.PixChargeRow): PixCharge {
  return {
    txid: row.txid,
    enrollmentId: row.enrollmentId,
    cycleStart: row.cycleStart,
    purchaseId: row.purchaseId,
    dueDate: row.dueDate,
    amountCents: row.amountCents,
    status: row.status,
    brCode: row.brCode,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
  };
}

function webhookSecretOf(box: SecretBox, row: pspRepository.PspConnectionRow): string {
  const context = sealContext('pix_psp_connections', 'webhook_secret_sealed', row.organizationId);
  return box.open(row.webhookSecretSealed, context).toString('utf8');
}

const webhookPrefix = (deps: PixDeps, organizationId: string) =>
  `${deps.webhookBaseUrl}/api/pix-webhooks/${organizationId}/`;

/** The URL registered with the PSP: the PSP posts to it + "/pix". */
const webhookUrl = (deps: PixDeps, row: pspRepository.PspConnectionRow, box: SecretBox) =>
  `${webhookPrefix(deps, row.organizationId)}${webhookSecretOf(box, row)}`;

/** A client of the organization's PSP for one operation; PSP failures become PSP_REQUEST_FAILED (503). */
async function withClient<T>(
  deps: PixDeps,
  organizationId: string,
  work: (client: PixClient, row: pspRepository.PspConnectionRow, box: SecretBox) => Promise<T>,
): Promise<T> {
  const { client, row, box } = await openPspClient(deps, organizationId);
  try {
    return await work(client, row, box);
  } catch (error) {
    if (error instanceof PixError) {
      throw new AppError('PSP_REQUEST_FAILED', undefined, { failure: error.code });
    }
    throw error;
  } finally {
    await client.close();
  }
}

function registrationOf(deps: PixDeps, organizationId: string, ours: string, registeredUrl: string | null) {
  return {
    registeredUrl,
    isOurs: registeredUrl === ours,
    isOursOutdated: registeredUrl?.startsWith(webhookPrefix(deps, organizationId)) ?? false,
  };
}

/** Our URL's last segment is the secret: the API shows our URL with it hidden (decision 027). */
const HIDDEN_SECRET = '•••';

function shownUrl(
  deps: PixDeps,
  organizationId: string,
  current: { registeredUrl: string | null; isOurs: boolean; isOursOutdated: boolean },
) {
  if (!current.isOurs && !current.isOursOutdated) return current.registeredUrl;
  return `${webhookPrefix(deps, organizationId)}${HIDDEN_SECRET}`;
}

/** What the PSP has registered for the studio's key (`GET /webhook/{chave}`), told apart from our URL. */
export async function getWebhookRegistration(
  deps: PixDeps,
  access: OrgAccess,
): Promise<PixWebhookRegistration> {
  // Without a PSP nothing is registered anywhere: a read answers so rather than failing.
  if (!(await pspRepository.findConnection(deps.db, access.organizationId))) {
    return { registeredUrl: null, isOurs: false };
  }
  return withClient(deps, access.organizationId, async (client, row, box) => {
    const registered = await client.getWebhook(row.pixKey);
    const current = registrationOf(
      deps,
      access.organizationId,
      webhookUrl(deps, row, box),
      registered?.webhookUrl ?? null,
    );
    return { registeredUrl: shownUrl(deps, access.organizationId, current), isOurs: current.isOurs };
  });
}

/**
 * `PUT /webhook/{chave}` with our URL. It replaces whatever the PSP posts to for that key, so another system's
 * URL is replaced only when the request names it (`replaceUrl`): the studio decided knowing which. Our own
 * older URL (before a secret rotation) is replaced without asking.
 */
export async function registerWebhook(
  deps: PixDeps,
  access: OrgAccess,
  input: RegisterPixWebhookInput,
  actor: Actor,
): Promise<PixWebhookRegistration> {
  const { organizationId } = access;
  const ours = await withClient(deps, organizationId, async (client, row, box) => {
    const url = webhookUrl(deps, row, box);
    const registered = await client.getWebhook(row.pixKey);
    const current = registrationOf(deps, organizationId, url, registered?.webhookUrl ?? null);
    const isOthers = current.registeredUrl !== null && !current.isOurs && !current.isOursOutdated;
    if (isOthers && input.replaceUrl !== current.registeredUrl) {
      throw new AppError('PIX_WEBHOOK_TAKEN', undefined, { registeredUrl: current.registeredUrl });
    }
    if (!current.isOurs) await client.putWebhook(row.pixKey, url);
    return { url, replaced: isOthers };
  });
  await recordAudit(deps.db, {
    organizationId,
    actorId: actor.userId,
    action: 'pix_psp.webhook_registered',
    entityType: 'pix_psp_connection',
    entityId: organizationId,
    ipAddress: actor.ipAddress,
    at: actor.now,
    // Never the URL: its last segment is the secret.
    details: { replacedAnotherSystem: ours.replaced },
  });
  return { registeredUrl: `${webhookPrefix(deps, organizationId)}${HIDDEN_SECRET}`, isOurs: true };
}

const sameSecret = (given: string, stored: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Whether a call to the PSP's webhook path (decision 030) is the PSP's: the organization's id finds its
 * connection, the path secret (compared in constant time) proves the call comes from whom the URL was given
 * to; anything else is a 404 that tells nothing. Every kind of callback on that path (`/pix`, and Pix
 * Automático's `/rec`, decision 048) is checked by it.
 */
export async function verifyWebhookCall(
  deps: Pick<PixDeps, 'db' | 'secretBox'>,
  organizationId: string,
  secret: string,
): Promise<void> {
  const row =
    deps.secretBox && isUuid(organizationId)
      ? await pspRepository.findConnection(deps.db, organizationId)
      : null;
  if (!row || !deps.secretBox || !sameSecret(secret, webhookSecretOf(deps.secretBox, row))) {
    countPixWebhookCall('refused');
    throw new AppError('NOT_FOUND');
  }
  countPixWebhookCall('accepted');
}

/** Our webhook URL for the organization's PSP (the PSP appends `/pix`, `/rec`); null without a connection. */
export async function ourWebhookUrl(deps: PixDeps, organizationId: string): Promise<string | null> {
  const row = await pspRepository.findConnection(deps.db, organizationId);
  return row && deps.secretBox ? webhookUrl(deps, row, deps.secretBox) : null;
}

/**
 * The PSP's webhook (decision 030): the organization's id finds its connection, the path secret (compared in
 * constant time) proves the call comes from whom the URL was given to; anything else is a 404 that tells
 * nothing. Each Pix is recorded once (received-pix.ts).
 */
export async function receiveWebhook(
  deps: Pick<PixDeps, 'db' | 'secretBox'>,
  organizationId: string,
  secret: string,
  pix: readonly ReceivedPix[] | null,
  now: Date,
): Promise<{ paid: number }> {
  await verifyWebhookCall(deps, organizationId, secret);
  let paid = 0;
  for (const one of pix ?? []) {
    if ((await recordReceivedPix(deps.db, organizationId, one, 'WEBHOOK', now)) === 'PAID') paid += 1;
  }
  return { paid };
}

/** "Issue charges now": the job's run for this organization, without waiting for the next one. */
export async function issueChargesNow(deps: PixDeps, access: OrgAccess, now: Date) {
  const { organizationId } = access;
  const issued = await withClient(deps, organizationId, (client, row) =>
    issueOrganizationCharges(deps.db, { organizationId, client, row }, now),
  );
  return { issued };
}

/**
 * The demo (PIX_PSP=sandbox): the customer pays one of their open charges in the local PSP, which posts its
 * webhook as a bank would; the cycle turns paid through the same path as a real payment.
 */
export async function simulatePayment(
  db: Database,
  sandbox: PixSandbox | null,
  access: OrgAccess,
  customerId: string,
  txid: string,
) {
  if (!sandbox) throw new AppError('PIX_SANDBOX_OFF');
  const charge = isUuid(customerId)
    ? await repository.findCustomerCharge(db, access.organizationId, customerId, txid)
    : null;
  if (!charge) throw new AppError('PIX_CHARGE_NOT_FOUND');
  if (charge.status !== 'ACTIVE') throw new AppError('PIX_CHARGE_NOT_OPEN');
  sandbox.pay(txid);
}
