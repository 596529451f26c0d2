import { addDays } from '@reformer/domain/calendar-dates';
import { chargePayer } from '@reformer/domain/pix-charges';
import { todayIn } from '@reformer/domain/time-zones';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { txidFor } from '../../integrations/pix/txid.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import * as pspRepository from '../pix-psp/pix-psp.repository.ts';
import { openPspConnection } from '../pix-psp/pix-psp-connection.ts';
import { dueChargeRequest } from './charge-request.ts';
import * as repository from './pix-charges.repository.ts';

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
    const row = await pspRepository.findConnection(deps.db, organizationId);
    if (!row) continue;
    let client: PixClient | null = null;
    try {
      client = deps.gateway.open(openPspConnection(deps.secretBox, row));
      await work(organizationId, client, row);
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
  for (const cycle of cycles) {
    const payer = chargePayer(cycle);
    if (!payer) continue;
    const txid = cycleTxid(organizationId, cycle.enrollmentId, cycle.cycleStart);
    const key = { organizationId, txid };
    await repository.reserveCharge(db, {
      ...key,
      enrollmentId: cycle.enrollmentId,
      cycleStart: cycle.cycleStart,
      customerId: cycle.customerId,
      dueDate: cycle.cycleStart,
      amountCents: cycle.owedCents,
      createdAt: now,
      updatedAt: now,
    });
    const description = `${cycle.planName} · ${brazilianDate(cycle.cycleStart)}`;
    const request = dueChargeRequest(
      row,
      { dueDate: cycle.cycleStart, amountCents: cycle.owedCents, payer, description },
      today,
    );
    try {
      const charge = await client.putDueCharge(txid, request);
      await repository.settleCharge(db, key, {
        status: 'ACTIVE',
        brCode: charge.pixCopiaECola ?? null,
        failure: null,
        now,
      });
      issued += 1;
    } catch (error) {
      // The PSP refused this charge (its data): say so on it and go on; anything else stops this run.
      if (!(error instanceof PixError) || error.code !== 'PSP_REJECTED') throw error;
      await repository.settleCharge(db, key, { status: 'REFUSED', failure: error.message, now });
    }
  }
  for (const { txid } of await repository.chargesToRemove(db, organizationId)) {
    await removeCharge(client, { organizationId, txid }, db, now);
  }
  return issued;
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
