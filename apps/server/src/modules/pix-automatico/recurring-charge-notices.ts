import { AppError } from '@reformer/domain/errors';
import { nextRetryDate, type RetryPolicy } from '@reformer/domain/pix-automatico';
import {
  chargeProgress,
  nextStepOf,
  type RecurringChargeNotice,
  recurringChargeStateOf,
} from '@reformer/domain/pix-automatico-charges';
import { todayIn } from '@reformer/domain/time-zones';
import type { Database } from '../../db/client.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { verifyWebhookCall } from '../pix-charges/pix-charges.service.ts';
import { openPspClient } from '../pix-charges/psp-client.ts';
import { type PixSource, recordReceivedPix } from '../pix-charges/received-pix.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import type { PspConnectionRow } from '../pix-psp/pix-psp.repository.ts';
import * as recurrences from './pix-automatico.repository.ts';
import { fallBack } from './recurring-charge-fallback.ts';
import * as repository from './recurring-charges.repository.ts';

type Psp = { client: PixClient; row: PspConnectionRow };

/**
 * One notice of a recurring charge (the `webhookcobr` callback or `GET /cobr` in reconciliation), applied once:
 * the row moves only past its `progress` (domain `chargeProgress`); a notice older than the row is ignored. Then
 * what it calls for: a paid debit records the cycle's PIX payment by decision 030's path (its end-to-end id
 * first, so once however often it comes); a failed one asks a retry within the policy, or falls back. Those
 * steps are themselves once (the end-to-end id, the PSP's one open attempt, `fell_back_at`), so a repeat of the
 * latest notice may redo them safely — after a crash between the update and the step, that is what heals it.
 */
export async function applyRecurringChargeNotice(
  db: Database,
  psp: () => Promise<Psp>,
  organizationId: string,
  notice: RecurringChargeNotice,
  source: PixSource,
  now: Date,
): Promise<boolean> {
  const key = { organizationId, txid: notice.txid };
  const charge = await repository.findRecurringCharge(db, key);
  if (!charge) return false;
  const attempts = notice.tentativas ?? [];
  const progress = chargeProgress(notice);
  const paidAttempt = attempts.find((attempt) => attempt.status === 'PAGA');
  const moved = await repository.advanceRecurringCharge(
    db,
    key,
    {
      progress,
      state: recurringChargeStateOf(notice.status),
      attempts: attempts.length,
      rejectionCode: [...attempts].reverse().find((attempt) => attempt.rejeicao)?.rejeicao?.codigo ?? null,
      endToEndId: paidAttempt?.endToEndId ?? null,
      nextRetryDate: retryDateShown(notice),
    },
    now,
  );
  if (!moved) {
    // Another caller may have moved it meanwhile: only the latest notice (or its repeat) acts.
    const latest = await repository.findRecurringCharge(db, key);
    if (progress < (latest?.progress ?? 0)) return false;
  }
  const step = nextStepOf(notice);
  if (step === 'PAY') {
    for (const pix of notice.pix ?? []) {
      await recordReceivedPix(db, organizationId, { ...pix, txid: pix.txid ?? notice.txid }, source, now);
    }
  } else if (step === 'RETRY') {
    await retryOrFallBack(db, await psp(), charge, notice, now);
  } else if (step === 'FALL_BACK') {
    await fallBack(db, await psp(), charge, 'DEBIT_FAILED', now);
  }
  return moved;
}

/**
 * The retry staff see: the open retry's date (a retry is every attempt after the first); none once the charge
 * ended or its open attempt is the first; undefined keeps the date asked for while its attempt is not known.
 */
function retryDateShown(notice: RecurringChargeNotice): string | null | undefined {
  if (recurringChargeStateOf(notice.status) !== 'ACTIVE') return null;
  const attempts = notice.tentativas ?? [];
  const last = attempts.at(-1);
  const isOpen = last?.status === 'SOLICITADA' || last?.status === 'AGENDADA';
  if (!isOpen) return undefined;
  return attempts.length > 1 ? (last?.dataLiquidacao ?? null) : null;
}

/**
 * A debit failed and the charge is still ATIVA: the next retry (domain `nextRetryDate`: PERMITE_3R_7D, at most
 * 3 within 7 days) is asked of the PSP; with none left the cycle falls back. Two callers asking at once get one
 * retry — the PSP allows one open attempt — and the refused one finds it open.
 */
async function retryOrFallBack(
  db: Database,
  psp: Psp,
  charge: repository.RecurringChargeRow,
  notice: RecurringChargeNotice,
  now: Date,
) {
  const { organizationId, txid } = charge;
  const recurrence = await recurrences.findRecurrence(db, { organizationId, id: charge.recurrenceId });
  const today = todayIn(await organizationTimeZone(db, organizationId), now);
  const date = nextRetryDate({
    policy: (recurrence?.retryPolicy ?? 'NAO_PERMITE') as RetryPolicy,
    dueDate: charge.dueDate,
    attemptDates: (notice.tentativas ?? []).map((attempt) => attempt.dataLiquidacao),
    today,
  });
  if (!date) {
    await fallBack(db, psp, charge, 'DEBIT_FAILED', now);
    return;
  }
  try {
    await psp.client.retryRecurringCharge(txid, date);
    await repository.setNextRetryDate(db, { organizationId, txid }, date, now);
  } catch (error) {
    if (!(error instanceof PixError) || error.code !== 'PSP_REJECTED') throw error;
    // Refused: another caller's retry is open, the charge ended (its own notice follows), or this notice is
    // stale (the PSP has more attempts: a later notice asks from those). Only a refusal of the retry the
    // current attempts call for means none can follow.
    const current = await psp.client.getRecurringCharge(txid);
    const attempts = current?.tentativas ?? [];
    const isOpen = attempts.some((item) => item.status === 'SOLICITADA' || item.status === 'AGENDADA');
    const isStale = attempts.length !== (notice.tentativas ?? []).length;
    if (current?.status !== 'ATIVA' || isOpen || isStale) return;
    await fallBack(db, psp, charge, 'DEBIT_FAILED', now);
  }
}

/**
 * The PSP's `webhookcobr` callback on decision 030's path (`.../{organization}/{secret}/cobr`): the secret
 * checked as for `/pix` and `/rec`, then each notice applied once. The PSP client is opened only when a notice
 * needs it (a retry or a fallback).
 */
export async function receiveRecurringChargeWebhook(
  deps: { db: Database; secretBox: SecretBox | null; gateway: PixGateway },
  organizationId: string,
  secret: string,
  notices: RecurringChargeNotice[],
  now: Date,
): Promise<{ applied: number }> {
  await verifyWebhookCall(deps, organizationId, secret);
  let opened: (Psp & { close(): Promise<void> }) | null = null;
  const psp = async () => {
    if (!opened) {
      const { client, row } = await openPspClient(deps, organizationId);
      opened = { client, row, close: () => client.close() };
    }
    return opened;
  };
  let applied = 0;
  try {
    for (const notice of notices) {
      if (await applyRecurringChargeNotice(deps.db, psp, organizationId, notice, 'WEBHOOK', now))
        applied += 1;
    }
  } catch (error) {
    // The PSP could not take a retry or a fallback now: 503, so it delivers again (the row's step is redone).
    if (error instanceof PixError)
      throw new AppError('PSP_REQUEST_FAILED', undefined, { failure: error.code });
    throw error;
  } finally {
    await (opened as { close(): Promise<void> } | null)?.close();
  }
  return { applied };
}
