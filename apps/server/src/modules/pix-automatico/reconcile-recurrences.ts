import { isRecurrenceFinal, recurrenceStateOf } from '@reformer/domain/pix-automatico';
import type { Database } from '../../db/client.ts';
import type { Recurrence } from '../../integrations/pix/api-pix-automatico-types.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import type { PixJobDeps } from '../pix-charges/pix-charges-job.ts';
import type { PspConnectionRow } from '../pix-psp/pix-psp.repository.ts';
import * as recurrences from './pix-automatico.repository.ts';
import { applyRecurrenceState, cancelReplacedAtPsp, type PspForRecurrence } from './recurrence-state.ts';
import { applyRecurringChargeNotice } from './recurring-charge-notices.ts';
import * as repository from './recurring-charges.repository.ts';
import { forEachRecurringOrganization } from './recurring-charges-job.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A charge is put at most 10 days before its due date and retried up to 7 after: 35 days see it to its end. */
const CHARGE_LOOK_BACK_DAYS = 35;
/** A start keeps the PSP's idRec within seconds of POST /rec: a CRIADA recurrence unknown after this is orphan. */
const ORPHAN_AFTER_MINUTES = 10;

/**
 * What the `webhookrec` and `webhookcobr` callbacks missed (decision 048, third part), as `reconcile-pix.ts`
 * does for the Pix: `GET /rec` moves our live recurrences through the same forward-only update as the webhook,
 * and cancels at the PSP a CRIADA recurrence whose `POST /rec` answer was lost (no row of ours has its idRec);
 * `GET /cobr` applies each charge as its notice would (`applyRecurringChargeNotice`), so once.
 */
export async function reconcileRecurrences(deps: PixJobDeps, now: Date): Promise<{ applied: number }> {
  let applied = 0;
  await forEachRecurringOrganization(deps, async (organizationId, client, row) => {
    applied += await reconcileOrganizationRecurrences(deps.db, { organizationId, client, row }, now);
  });
  return { applied };
}

export async function reconcileOrganizationRecurrences(
  db: Database,
  psp: { organizationId: string; client: PixClient; row: PspConnectionRow },
  now: Date,
): Promise<number> {
  const { organizationId, client } = psp;
  let applied = await reconcileRecs(db, psp, now);
  const start = new Date(now.getTime() - CHARGE_LOOK_BACK_DAYS * DAY);
  const open = async () => psp;
  for await (const charge of client.listRecurringCharges({ start, end: now })) {
    const notice = { ...charge, tentativas: charge.tentativas ?? [], pix: charge.pix ?? [] };
    if (await applyRecurringChargeNotice(db, open, organizationId, notice, 'RECONCILIATION', now))
      applied += 1;
  }
  return applied;
}

async function reconcileRecs(
  db: Database,
  psp: { organizationId: string; client: PixClient; row: PspConnectionRow },
  now: Date,
): Promise<number> {
  const { organizationId, client } = psp;
  const live = await repository.liveRecurrences(db, organizationId);
  const oldest = live.reduce((min, rec) => Math.min(min, rec.createdAt.getTime()), now.getTime() - DAY);
  const byIdRec = new Map(live.filter((rec) => rec.idRec).map((rec) => [rec.idRec as string, rec]));
  let applied = 0;
  for await (const rec of client.listRecurrences({ start: new Date(oldest - MINUTE), end: now })) {
    const ours = byIdRec.get(rec.idRec);
    if (ours) {
      const to = recurrenceStateOf(rec.status, rec.encerramento?.cancelamento?.solicitante);
      const open: PspForRecurrence = (work) => work(psp);
      if (to && (await applyRecurrenceState(db, open, ours, to, now))) applied += 1;
    } else if (isOrphan(rec, now) && (await isOurOrphan(db, organizationId, rec))) {
      await client.cancelRecurrence(rec.idRec);
      applied += 1;
    }
  }
  applied += await cancelReplacedStillLive(db, psp, now);
  await recurrences.deleteStaleStarts(
    db,
    organizationId,
    new Date(now.getTime() - ORPHAN_AFTER_MINUTES * MINUTE),
  );
  return applied;
}

/**
 * A recurrence we ended (replaced by a new authorization) whose PATCH /rec failed is still live at the PSP:
 * those ended by us in the last day are read back and cancelled there. Money never depended on it (we charge
 * only our APPROVED row); the payer's bank should not show an authorization that no longer applies.
 */
async function cancelReplacedStillLive(
  db: Database,
  psp: { organizationId: string; client: PixClient },
  now: Date,
): Promise<number> {
  let cancelled = 0;
  for (const row of await recurrences.recentReceiverCancellations(
    db,
    psp.organizationId,
    new Date(now.getTime() - DAY),
  )) {
    const read = await psp.client.getRecurrence(row.idRec as string);
    const state = read && recurrenceStateOf(read.status, read.encerramento?.cancelamento?.solicitante);
    if (!state || isRecurrenceFinal(state)) continue;
    await cancelReplacedAtPsp(psp.client, row.idRec as string);
    cancelled += 1;
  }
  return cancelled;
}

/** No row of ours has its idRec, and it names one of our enrollments (never another system's recurrence). */
async function isOurOrphan(db: Database, organizationId: string, rec: Recurrence): Promise<boolean> {
  if (await recurrences.findRecurrenceByIdRec(db, organizationId, rec.idRec)) return false;
  return recurrences.isOurContract(db, organizationId, rec.vinculo.contrato);
}

/** A CRIADA recurrence at the PSP older than a start takes to keep its idRec. */
function isOrphan(rec: Recurrence, now: Date): boolean {
  const created = rec.atualizacao.find((step) => step.status === 'CRIADA')?.data;
  return (
    rec.status === 'CRIADA' &&
    created !== undefined &&
    now.getTime() - Date.parse(created) > ORPHAN_AFTER_MINUTES * MINUTE
  );
}
