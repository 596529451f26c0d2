import type { FallbackReason } from '@reformer/domain/pix-automatico-charges';
import { todayIn } from '@reformer/domain/time-zones';
import type { Database } from '../../db/client.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { cyclesToCharge } from '../pix-charges/pix-charges.repository.ts';
import { cycleChargeToIssue, issueCharge } from '../pix-charges/pix-charges-job.ts';
import type { PspConnectionRow } from '../pix-psp/pix-psp.repository.ts';
import * as repository from './recurring-charges.repository.ts';

/**
 * The cycle is charged by decision 030's dynamic charge instead (its debit failed for good, or its amount does
 * not fit the recurrence): the cycle is marked once (`fell_back_at`, a conditional update — whoever sets it
 * issues the charge), then the charge goes through 030's own path (`cyclesToCharge` → `issueCharge`: our row
 * first, txid from the cycle). A crash between the two leaves a fallen-back cycle that 030's job picks up on its
 * next run (its `cyclesToCharge` takes fallen-back cycles whatever their date). The payment reminder of the
 * events carries that charge's code (`openChargeCodes`), once per cycle by its own unique key.
 */
export async function fallBack(
  db: Database,
  psp: { client: PixClient; row: PspConnectionRow },
  charge: Pick<repository.RecurringChargeRow, 'organizationId' | 'txid' | 'enrollmentId' | 'cycleStart'>,
  reason: FallbackReason,
  now: Date,
): Promise<boolean> {
  const { organizationId, enrollmentId, cycleStart } = charge;
  const key = { organizationId, txid: charge.txid };
  if (!(await repository.claimFallback(db, key, reason, now))) return false;
  const today = todayIn(await organizationTimeZone(db, organizationId), now);
  // A cycle that does not fit falls back before its due date; one whose debit failed, after it.
  const through = cycleStart > today ? cycleStart : today;
  const [cycle] = await cyclesToCharge(db, organizationId, today, through, { enrollmentId, cycleStart });
  const toIssue = cycle && cycleChargeToIssue(psp.row, { ...cycle, organizationId }, today);
  if (toIssue) await issueCharge(db, psp.client, toIssue, now);
  return true;
}
