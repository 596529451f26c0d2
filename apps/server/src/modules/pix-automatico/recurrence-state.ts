import { type RecurrenceState, statesBefore } from '@reformer/domain/pix-automatico';
import type { Database } from '../../db/client.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import type { PspConnectionRow } from '../pix-psp/pix-psp.repository.ts';
import * as repository from './pix-automatico.repository.ts';
import { issueOrganizationRecurringCharges } from './recurring-charges-job.ts';

/** The organization's PSP for one piece of work, opened only when needed (most notices need none). */
export type PspForRecurrence = <T>(
  work: (psp: { organizationId: string; client: PixClient; row: PspConnectionRow }) => Promise<T>,
) => Promise<T>;

/**
 * A recurrence's state as the PSP told it (the `webhookrec` callback and reconciliation's `GET /rec`: one
 * function, so both do the same): forward only, once. An approval also ends the recurrence it replaces — the
 * enrollment's other APPROVED one, after a plan change asked the customer for a new authorization — in our row
 * in the same transaction, then at the PSP (`PATCH /rec`). A PSP that cannot be reached then leaves the old one
 * live there only: we no longer charge it, and reconciliation cancels it later (`cancelReplacedAtPsp`).
 * Then the enrollment's cycles already in the charge window are put at once (the hourly job would, up to an hour
 * later, the cycle nearer its due date by then); a failure there is the hourly job's to heal.
 * True when this call moved the row.
 */
export async function applyRecurrenceState(
  db: Database,
  psp: PspForRecurrence,
  row: repository.PixRecurrenceRow,
  to: RecurrenceState,
  now: Date,
): Promise<boolean> {
  const key = { organizationId: row.organizationId, id: row.id };
  if (to !== 'APPROVED') return repository.moveRecurrence(db, key, statesBefore(to), to, now);
  const { moved, replaced } = await repository.approveReplacing(db, key, statesBefore(to), now);
  if (replaced?.idRec) {
    const idRec = replaced.idRec;
    await psp(({ client }) => cancelReplacedAtPsp(client, idRec)).catch(logAs('replaced not cancelled', row));
  }
  if (moved)
    await psp((open) => issueOrganizationRecurringCharges(db, open, now, row.enrollmentId)).catch(
      logAs('charges not put on approval', row),
    );
  return moved;
}

const logAs = (what: string, row: { organizationId: string }) => (error: unknown) => {
  const code = (error as { code?: unknown }).code ?? 'UNEXPECTED';
  console.error(`[pix-automatico] ${row.organizationId}: ${what}: ${String(code)}`);
};

/** PATCH /rec CANCELADA of a replaced recurrence; one the PSP has ended already (refused) is left as it is. */
export async function cancelReplacedAtPsp(client: PixClient, idRec: string): Promise<void> {
  try {
    await client.cancelRecurrence(idRec);
  } catch (error) {
    if (!(error instanceof PixError) || error.code !== 'PSP_REJECTED') throw error;
  }
}
