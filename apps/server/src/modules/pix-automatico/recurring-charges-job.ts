import { addDays } from '@reformer/domain/calendar-dates';
import { CHARGE_WINDOW, fitsRecurrence, isInChargeWindow } from '@reformer/domain/pix-automatico';
import { todayIn } from '@reformer/domain/time-zones';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import type { RecurringChargeRequest } from '../../integrations/pix/api-pix-automatico-types.ts';
import { centsToAmount } from '../../integrations/pix/pix-amounts.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { txidFor } from '../../integrations/pix/txid.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import type { PixJobDeps } from '../pix-charges/pix-charges-job.ts';
import { openPspClient } from '../pix-charges/psp-client.ts';
import type { PspConnectionRow } from '../pix-psp/pix-psp.repository.ts';
import { fallBack } from './recurring-charge-fallback.ts';
import * as repository from './recurring-charges.repository.ts';

/** The txid of a cycle's recurring charge: the same recurrence and cycle always name the same `cobr`. */
export const recurringChargeTxid = (organizationId: string, recurrenceId: string, cycleStart: string) =>
  txidFor([organizationId, 'cobr', recurrenceId, cycleStart]);

/**
 * Runs `work` with a PSP client for each organization that uses Pix Automático (only those: another studio's
 * PSP may not grant its scopes). One organization's failure is logged by code and does not stop the others.
 */
export async function forEachRecurringOrganization(
  deps: PixJobDeps,
  work: (organizationId: string, client: PixClient, row: PspConnectionRow) => Promise<void>,
) {
  if (!deps.secretBox) return;
  for (const organizationId of await repository.organizationsWithRecurrences(deps.db)) {
    let client: PixClient | null = null;
    try {
      const opened = await openPspClient(deps, organizationId);
      client = opened.client;
      await work(organizationId, client, opened.row);
    } catch (error) {
      const code = (error as { code?: unknown }).code ?? 'UNEXPECTED';
      console.error(`[pix-automatico] organization ${organizationId}: ${String(code)}`);
      if (!(error as { code?: unknown }).code) console.error(error);
    } finally {
      await client?.close();
    }
  }
}

/** The `pix-automatico.issue-charges` job: every organization's cycles entering the charge window. */
export async function issueRecurringCharges(deps: PixJobDeps, now: Date) {
  await forEachRecurringOrganization(deps, async (organizationId, client, row) => {
    await issueOrganizationRecurringCharges(deps.db, { organizationId, client, row }, now);
  });
}

/**
 * Puts the `cobr` of each cycle of an APPROVED recurrence whose due date (its first day) is 10 to 2 days away
 * in the organization's calendar (domain `isInChargeWindow`), exactly once across runs and instances: our row
 * first under the unique (recurrence, cycle), then the PUT under its txid, which reads a repeated txid back.
 * A cycle whose amount does not fit a FIXED recurrence (the plan's price changed) is not sent: it falls back.
 * With `enrollmentId`, that enrollment's only (a recurrence just approved). Returns how many charges the PSP
 * confirmed.
 */
export async function issueOrganizationRecurringCharges(
  db: Database,
  psp: { organizationId: string; client: PixClient; row: PspConnectionRow },
  now: Date,
  enrollmentId?: string,
): Promise<number> {
  const { organizationId, client, row } = psp;
  const today = todayIn(await organizationTimeZone(db, organizationId), now);
  // The cycles' amounts are fixed (decision 028) before their charge asks for them.
  const ahead = { organizationId, days: CHARGE_WINDOW.earliestDaysBefore, enrollmentId };
  await chargeDueCycles(db, now, ahead);
  const from = addDays(today, CHARGE_WINDOW.latestDaysBefore);
  const through = addDays(today, CHARGE_WINDOW.earliestDaysBefore);
  let issued = 0;
  for (const cycle of await repository.cyclesToDebit(db, organizationId, { from, through, enrollmentId })) {
    if (!cycle.idRec || !isInChargeWindow(cycle.cycleStart, today)) continue;
    const txid =
      cycle.existingTxid ?? recurringChargeTxid(organizationId, cycle.recurrenceId, cycle.cycleStart);
    const key = { organizationId, txid };
    await repository.reserveRecurringCharge(db, {
      ...key,
      recurrenceId: cycle.recurrenceId,
      enrollmentId: cycle.enrollmentId,
      customerId: cycle.customerId,
      cycleStart: cycle.cycleStart,
      dueDate: cycle.cycleStart,
      amountCents: cycle.owedCents,
      createdAt: now,
      updatedAt: now,
    });
    const reserved = await repository.findRecurringCharge(db, key);
    // Another cycle row of this enrollment's took the (enrollment, cycle) key: nothing of ours to send.
    if (reserved?.state !== 'PENDING') continue;
    if (!fitsRecurrence(cycle.amountKind, cycle.recurrenceCents, reserved.amountCents)) {
      await repository.refuseRecurringCharge(db, key, 'AMOUNT_CHANGED', now);
      await fallBack(db, { client, row }, reserved, 'AMOUNT_CHANGED', now);
      continue;
    }
    if (await putAtPsp(db, client, row, { ...reserved, idRec: cycle.idRec }, now)) issued += 1;
  }
  return issued;
}

/** PUT /cobr for our PENDING row; a refusal of it (4xx) is final for that cycle, which falls back. */
async function putAtPsp(
  db: Database,
  client: PixClient,
  row: PspConnectionRow,
  charge: repository.RecurringChargeRow & { idRec: string },
  now: Date,
): Promise<boolean> {
  const key = { organizationId: charge.organizationId, txid: charge.txid };
  try {
    await client.putRecurringCharge(charge.txid, recurringChargeRequest(row, charge));
    await repository.confirmRecurringCharge(db, key, now);
    return true;
  } catch (error) {
    if (!(error instanceof PixError) || error.code !== 'PSP_REJECTED') throw error;
    await repository.refuseRecurringCharge(db, key, error.message, now);
    await fallBack(db, { client, row }, charge, 'REFUSED', now);
    return false;
  }
}

function recurringChargeRequest(
  row: PspConnectionRow,
  charge: { idRec: string; dueDate: string; amountCents: number },
): RecurringChargeRequest {
  return {
    idRec: charge.idRec,
    calendario: { dataDeVencimento: charge.dueDate },
    valor: { original: centsToAmount(charge.amountCents) },
    // The debit on the due date as the customer agreed; a weekend or holiday moves it to the next business day.
    ajusteDiaUtil: true,
    recebedor: {
      ...(row.receiverBranch ? { agencia: row.receiverBranch } : {}),
      conta: String(row.receiverAccount),
      tipoConta: row.receiverAccountType ?? 'CORRENTE',
    },
  };
}
