import { canReceivePixAutomatico } from '@reformer/domain/pix-automatico';
import type { PixAutomaticoStartAvailability } from '@reformer/domain/pix-automatico-views';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as pspRepository from '../pix-psp/pix-psp.repository.ts';
import { findEnrollmentToCharge } from './pix-automatico.repository.ts';

/**
 * Whether a recurrence could start for an enrollment whose plan is in `currency`, by the same conditions the
 * start checks (a PSP whose receiver is a CNPJ with an account, reais), so the staff panel says why not
 * before the form is filled. The enrollment's own state and the payer's CPF are the start's to refuse.
 */
export async function startAvailability(
  db: Database,
  organizationId: string,
  currency: string,
): Promise<PixAutomaticoStartAvailability> {
  const connection = await pspRepository.findConnection(db, organizationId);
  if (!connection) return { isAvailable: false, reason: 'NO_PSP' };
  if (!canReceivePixAutomatico(connection.receiverCnpj) || !connection.receiverAccount)
    return { isAvailable: false, reason: 'NO_RECEIVER' };
  if (currency !== 'BRL') return { isAvailable: false, reason: 'NOT_BRL' };
  return { isAvailable: true, reason: null };
}

/** The start's availability for an enrollment the read has already found (its plan's currency). */
export async function readStartAvailability(
  db: Database,
  access: OrgAccess,
  enrollmentId: string,
): Promise<PixAutomaticoStartAvailability> {
  const enrollment = await findEnrollmentToCharge(db, access.organizationId, enrollmentId);
  return startAvailability(db, access.organizationId, enrollment?.currency ?? 'BRL');
}
