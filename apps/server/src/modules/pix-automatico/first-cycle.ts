import { billingCycle } from '@reformer/domain/billing-cycles';
import { daysBetween } from '@reformer/domain/calendar-dates';
import { AppError } from '@reformer/domain/errors';
import { CHARGE_WINDOW } from '@reformer/domain/pix-automatico';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import * as repository from './pix-automatico.repository.ts';

/**
 * The cycle the composite QR pays (Jornada 3): the enrollment's earliest cycle that still owes and has no PIX
 * charge of decision 030 waiting (so the customer is never asked twice for one cycle), among those due within
 * the charge window; when none owes, the next cycle, charged now and paid ahead. NO_CYCLE when the enrollment
 * ends before it.
 */
export async function firstCycleToPay(
  db: Database,
  input: {
    organizationId: string;
    enrollment: { id: string; startDate: string };
    months: number;
    today: string;
    now: Date;
  },
): Promise<{ cycleStart: string; owedCents: number }> {
  const { organizationId, enrollment, months, today, now } = input;
  const scope = { organizationId, enrollmentId: enrollment.id };
  await chargeDueCycles(db, now, { ...scope, days: CHARGE_WINDOW.earliestDaysBefore });
  const owed = await repository.firstOwedCycle(db, organizationId, enrollment.id);
  if (owed) return owed;
  const last = await repository.lastChargedCycleStart(db, organizationId, enrollment.id);
  const next = last ? billingCycle(last, months, 1).start : enrollment.startDate;
  await chargeDueCycles(db, now, { ...scope, days: Math.max(0, daysBetween(today, next)) });
  const ahead = await repository.firstOwedCycle(db, organizationId, enrollment.id);
  if (!ahead) throw new AppError('PIX_AUTOMATICO_NO_CYCLE');
  return ahead;
}
