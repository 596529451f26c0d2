import { addDays } from '@reformer/domain/calendar-dates';
import { chargePayer } from '@reformer/domain/pix-charges';
import { todayIn } from '@reformer/domain/time-zones';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import type { pixCharges } from '../../db/schema/index.ts';
import type { DueChargeRequest } from '../../integrations/pix/api-pix-types.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { txidFor } from '../../integrations/pix/txid.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import type * as pspRepository from '../pix-psp/pix-psp.repository.ts';
import { dueChargeRequest } from './charge-request.ts';
import * as repository from './pix-charges.repository.ts';
import { openPspClient } from './psp-client.ts';

export type PixJobDeps = { db: Database; secretBox: SecretBox | null; gateway: PixGateway };

/** The txid of a cycle's charge: the same cycle always names the same charge (integrations/pix `txidFor`). */
export const cycleTxid = (organizationId: string, enrollmentId: string, cycleStart: string) =>
  txidFor([organizationId, enrollmentId, cycleStart]);

/**
 * Runs `work` with a client of each connected organization's PSP, one organization after another; one
 * organization's PSP being down, or its secrets not opening, does not stop the others (logged by code only:
 * an error of the client never carries a secret, decision 026).
 */
export async function forEachConnectedOrganization(
  deps: PixJobDeps,
  work: (organizationId: string, client: PixClient, row: pspRepository.PspConnectionRow) => Promise<void>,
) {
  if (!deps.secretBox) return;
  for (const organizationId of await repository.connectedOrganizationIds(deps.db)) {
    let client: PixClient | null = null;
    try {
      const opened = await openPspClient(deps, organizationId);
      client = opened.client;
      await work(organizationId, client, opened.row);
    } catch (error) {
      const code = (error as { code?: unknown }).code ?? 'UNEXPECTED';
      console.error(`[pix] organization ${organizationId}: ${String(code)}`);
      if (!(error instanceof PixError) && !(error as { code?: unknown }).code) console.error(error);
    } finally {
      await client?.close();
    }
  }
}

const brazilianDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

/**
 * Issues the `cobv` charges of the cycles due within the studio's "days ahead" (decision 030), and removes at
 * the PSP the charges whose cycle was paid another way. Safe to run twice at once: a charge's txid comes from
 * its cycle, our row is written before the PSP is asked, and a PUT repeated is the same charge.
 */
export async function issueCharges(deps: PixJobDeps, now: Date) {
  await forEachConnectedOrganization(deps, (organizationId, client, row) =>
    issueOrganizationCharges(deps.db, { organizationId, client, row }, now).then(() => undefined),
  );
}

/** One organization's run of `issueCharges`; how many charges the PSP confirmed. */
export async function issueOrganizationCharges(
  db: Database,
  psp: { organizationId: string; client: PixClient; row: pspRepository.PspConnectionRow },
  now: Date,
): Promise<number> {
  const { organizationId, client, row } = psp;
  const today = todayIn(await organizationTimeZone(db, organizationId), now);
  await chargeDueCycles(db, now, { organizationId, days: row.chargeDaysAhead });
  const cycles = await repository.cyclesToCharge(
    db,
    organizationId,
    today,
    addDays(today, row.chargeDaysAhead),
  );
  let issued = 0;
  const issue = (charge: ChargeToIssue) =>
    issueCharge(db, client, charge, now).then((ok) => {
      if (ok) issued += 1;
    });
  for (const cycle of cycles) {
    const charge = cycleChargeToIssue(row, { ...cycle, organizationId }, today);
    if (charge) await issue(charge);
  }
  const through = addDays(today, row.chargeDaysAhead);
  for (const purchase of await repository.purchasesToCharge(db, organizationId, today, through)) {
    const charge = purchaseChargeToIssue(row, { ...purchase, organizationId }, today);
    if (charge) await issue(charge);
  }
  const toRemove = [
    ...(await repository.chargesToRemove(db, organizationId)),
    ...(await repository.purchaseChargesToRemove(db, organizationId)),
  ];
  for (const { txid } of toRemove) {
    await removeCharge(client, { organizationId, txid }, db, now);
  }
  return issued;
}

export type ChargeToIssue = {
  row: Omit<typeof pixCharges.$inferInsert, 'createdAt' | 'updatedAt'> & { txid: string };
  request: DueChargeRequest;
};

type Payer = Parameters<typeof chargePayer>[0];
type Terms = pspRepository.PspConnectionRow;

/**
 * The charge of one cycle for what it still owes, or null when the customer cannot be its payer (no valid
 * CPF). Due on the cycle's start with the studio's terms; a cycle charged after its start (the portal's
 * "Pay", decision 042) is due today, so the PSP takes it, and its fine runs from then.
 */
export function cycleChargeToIssue(
  terms: Terms,
  cycle: Payer & {
    organizationId: string;
    enrollmentId: string;
    cycleStart: string;
    customerId: string;
    owedCents: number;
    planName: string;
  },
  today: string,
): ChargeToIssue | null {
  const payer = chargePayer(cycle);
  if (!payer) return null;
  const { organizationId } = cycle;
  const dueDate = cycle.cycleStart > today ? cycle.cycleStart : today;
  return {
    row: {
      organizationId,
      txid: cycleTxid(organizationId, cycle.enrollmentId, cycle.cycleStart),
      enrollmentId: cycle.enrollmentId,
      cycleStart: cycle.cycleStart,
      customerId: cycle.customerId,
      dueDate,
      amountCents: cycle.owedCents,
    },
    request: dueChargeRequest(
      terms,
      {
        dueDate,
        amountCents: cycle.owedCents,
        payer,
        description: `${cycle.planName} · ${brazilianDate(cycle.cycleStart)}`,
      },
      today,
    ),
  };
}

/**
 * The charge of a pack sold, once, due on its first day (today when that has passed); the studio's fine,
 * interest and discount are terms of monthly fees, not of a pack's price (decision 029).
 */
export function purchaseChargeToIssue(
  terms: Terms,
  purchase: Payer & {
    organizationId: string;
    purchaseId: string;
    customerId: string;
    startsOn: string;
    owedCents: number;
    planName: string;
  },
  today: string,
): ChargeToIssue | null {
  const payer = chargePayer(purchase);
  if (!payer) return null;
  const { organizationId } = purchase;
  const dueDate = purchase.startsOn > today ? purchase.startsOn : today;
  const packTerms = {
    ...terms,
    fineBasisPoints: 0,
    interestBasisPointsMonthly: 0,
    discountBasisPoints: null,
  };
  return {
    row: {
      organizationId,
      txid: txidFor([organizationId, 'purchase', purchase.purchaseId]),
      purchaseId: purchase.purchaseId,
      customerId: purchase.customerId,
      dueDate,
      amountCents: purchase.owedCents,
    },
    request: dueChargeRequest(
      packTerms,
      { dueDate, amountCents: purchase.owedCents, payer, description: purchase.planName },
      today,
    ),
  };
}

/**
 * Our row first (PENDING), then the PSP's PUT under the same txid; ACTIVE with its code and amount when the PSP
 * confirms. An ACTIVE charge put again for a new amount keeps its old amount until then, so a PSP that is down
 * leaves it to be put again by the next run. A PSP's refusal of a new charge is kept on it (REFUSED) and the
 * run goes on (an ACTIVE one refused — paid at the PSP meanwhile — stays as it was: its Pix is on the way);
 * true when it was issued.
 */
export async function issueCharge(
  db: Database,
  client: PixClient,
  { row, request }: ChargeToIssue,
  now: Date,
) {
  const key = { organizationId: row.organizationId, txid: row.txid };
  await repository.reserveCharge(db, { ...row, createdAt: now, updatedAt: now });
  try {
    const charge = await client.putDueCharge(row.txid, request);
    await repository.settleCharge(db, key, {
      status: 'ACTIVE',
      brCode: charge.pixCopiaECola ?? null,
      failure: null,
      amountCents: row.amountCents,
      now,
    });
    return true;
  } catch (error) {
    if (!(error instanceof PixError) || error.code !== 'PSP_REJECTED') throw error;
    await repository.settleCharge(db, key, { status: 'REFUSED', failure: error.message, now });
    return false;
  }
}
async function removeCharge(
  client: PixClient,
  key: { organizationId: string; txid: string },
  db: Database,
  now: Date,
) {
  try {
    await client.removeDueCharge(key.txid);
  } catch (error) {
    // Paid at the PSP meanwhile: the Pix will arrive (webhook or reconciliation) and go to the customer's credit.
    if (!(error instanceof PixError) || error.code !== 'PSP_REJECTED') throw error;
    const charge = await client.getDueCharge(key.txid);
    if (charge?.status === 'ATIVA') throw error;
  }
  await repository.settleCharge(db, key, { status: 'REMOVED', now });
}
