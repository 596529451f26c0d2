import { billingCycle } from '@reformer/domain/billing-cycles';
import { billingCycleMonths } from '@reformer/domain/customer-plans';
import { AppError } from '@reformer/domain/errors';
import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import {
  canReceivePixAutomatico,
  fitsRecurrence,
  isRecurrenceFinal,
  type PixRecurrence,
  periodicityOf,
  recurrenceContract,
  recurrenceStateOf,
  type StartPixAutomaticoInput,
} from '@reformer/domain/pix-automatico';
import { chargePayer } from '@reformer/domain/pix-charges';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { centsToAmount } from '../../integrations/pix/pix-amounts.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { txidFor } from '../../integrations/pix/txid.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { ourWebhookUrl } from '../pix-charges/pix-charges.service.ts';
import { openPspClient } from '../pix-charges/psp-client.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import * as pspRepository from '../pix-psp/pix-psp.repository.ts';
import { firstCycleToPay } from './first-cycle.ts';
import * as repository from './pix-automatico.repository.ts';
import { ensureRecurrenceWebhook } from './recurrence-webhook.ts';
import * as chargesRepository from './recurring-charges.repository.ts';

export type PixAutomaticoDeps = {
  db: Database;
  secretBox: SecretBox | null;
  gateway: PixGateway;
  /** Where PSPs reach us (env `pixWebhookBaseUrl`); needed to start a recurrence (its webhook). */
  webhookBaseUrl?: string;
};

/** How long the composite QR's immediate charge (the first cycle) can be paid: a day, at the front desk. */
const FIRST_CHARGE_SECONDS = 86_400;
/** How long the payer's bank shows a request pushed to it (`/solicrec`). */
const PAYER_BANK_REQUEST_DAYS = 7;

type RecurrenceCycles = Pick<PixRecurrence, 'charges' | 'needsNewAuthorization'>;
const NO_CYCLES: RecurrenceCycles = { charges: [], needsNewAuthorization: false };

export function toPixRecurrence(
  row: repository.PixRecurrenceRow,
  cycles: RecurrenceCycles = NO_CYCLES,
): PixRecurrence {
  return {
    ...cycles,
    id: row.id,
    enrollmentId: row.enrollmentId,
    idRec: row.idRec,
    state: row.state,
    amountKind: row.amountKind,
    amountCents: row.amountCents,
    currency: 'BRL',
    retryPolicy: row.retryPolicy,
    periodicity: row.periodicity as PixRecurrence['periodicity'],
    firstCycleStart: row.firstCycleStart,
    firstAmountCents: row.firstAmountCents,
    startDate: row.startDate,
    endDate: row.endDate,
    pixCopiaECola: row.pixCopiaECola,
    isRequestedAtPayerBank: row.isRequestedAtPayerBank,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A client of the organization's PSP for one piece of work; PSP failures become PSP_REQUEST_FAILED (503). */
async function withClient<T>(
  deps: PixAutomaticoDeps,
  organizationId: string,
  work: (client: PixClient) => Promise<T>,
): Promise<T> {
  const { client } = await openPspClient(deps, organizationId);
  try {
    return await work(client);
  } catch (error) {
    if (error instanceof PixError)
      throw new AppError('PSP_REQUEST_FAILED', undefined, { failure: error.code });
    throw error;
  } finally {
    await client.close();
  }
}

/** The PSP connection, when it can receive by Pix Automático: a CNPJ receiver with the account to credit. */
async function receivingConnection(db: Database, organizationId: string) {
  const row = await pspRepository.findConnection(db, organizationId);
  if (!row) throw new AppError('PIX_AUTOMATICO_UNAVAILABLE', undefined, { reason: 'NO_PSP' });
  if (!canReceivePixAutomatico(row.receiverCnpj) || !row.receiverAccount)
    throw new AppError('PIX_AUTOMATICO_UNAVAILABLE', undefined, { reason: 'NO_RECEIVER' });
  return row;
}

async function enrollmentToCharge(db: Database, organizationId: string, enrollmentId: string) {
  const enrollment = isUuid(enrollmentId)
    ? await repository.findEnrollmentToCharge(db, organizationId, enrollmentId)
    : null;
  if (!enrollment) throw new AppError('ENROLLMENT_NOT_FOUND');
  return enrollment;
}

/**
 * Starts Pix Automático for an ACTIVE enrollment by Jornada 3 (decision 048): our row first (one live recurrence
 * per enrollment, whatever races), then at the PSP the immediate charge of the first cycle owed, a location and
 * the recurrence naming both; its composite QR both authorizes and pays that cycle. With the payer's bank, the
 * authorization is also pushed there (`/solicrec`). A PSP failure before the recurrence exists leaves nothing.
 */
export async function startRecurrence(
  deps: PixAutomaticoDeps,
  access: OrgAccess,
  enrollmentId: string,
  input: StartPixAutomaticoInput,
  actor: Actor,
): Promise<PixRecurrence> {
  const { db } = deps;
  const { organizationId } = access;
  const enrollment = await enrollmentToCharge(db, organizationId, enrollmentId);
  const connection = await receivingConnection(db, organizationId);
  if (enrollment.status !== 'ACTIVE') throw new AppError('PIX_AUTOMATICO_ENROLLMENT_NOT_ACTIVE');
  if (enrollment.currency !== 'BRL')
    throw new AppError('PIX_AUTOMATICO_UNAVAILABLE', undefined, { reason: 'NOT_BRL' });
  const payer = chargePayer(enrollment);
  if (!payer) throw new AppError('PIX_AUTOMATICO_PAYER_MISSING');
  // One waiting at a time; beside an approved one only as its replacement, when its amount no longer fits.
  const live = await repository.liveRecurrencesOf(db, organizationId, enrollmentId);
  if (live.waiting || (live.approved && !needsNewAuthorization(live.approved, enrollment.priceCents)))
    throw new AppError('PIX_AUTOMATICO_EXISTS');

  const today = todayIn(await organizationTimeZone(db, organizationId), actor.now);
  const months = billingCycleMonths(enrollment.billingCycle);
  const first = await firstCycleToPay(db, { organizationId, enrollment, months, today, now: actor.now });
  const startDate = billingCycle(first.cycleStart, months, 1).start;
  if (input.endDate && input.endDate < startDate)
    throw new AppError('VALIDATION_FAILED', undefined, [
      {
        path: 'endDate',
        key: 'validation.endDateAfterStart',
        message: translate(enUS, 'validation.endDateAfterStart'),
      },
    ]);
  const amountCents = input.amountKind === 'FIXED' ? enrollment.priceCents : Number(input.floorCents);
  const id = uuidv7();
  const firstTxid = txidFor([organizationId, 'pix-automatico', id]);
  const key = { organizationId, id };
  const isNew = await repository.insertRecurrence(db, {
    ...key,
    enrollmentId,
    customerId: enrollment.customerId,
    amountKind: input.amountKind,
    amountCents,
    retryPolicy: input.retryPolicy,
    periodicity: periodicityOf(enrollment.billingCycle),
    firstCycleStart: first.cycleStart,
    firstTxid,
    firstAmountCents: first.owedCents,
    startDate,
    endDate: input.endDate ?? null,
    createdBy: actor.userId,
    createdAt: actor.now,
    updatedAt: actor.now,
  });
  if (!isNew) throw new AppError('PIX_AUTOMATICO_EXISTS');

  const request = { db, key, connection, enrollment, payer, input, first, firstTxid };
  const recurrence = await startAtPsp(deps, request, actor.now);
  await audit(db, access, actor, 'pix_automatico.started', id, {
    enrollmentId,
    amountKind: input.amountKind,
    retryPolicy: input.retryPolicy,
    isRequestedAtPayerBank: Boolean(input.payerBank),
  });
  return toPixRecurrence(recurrence);
}

/**
 * At the PSP, for our row `key`: the recurrence webhook ours, then the charge, location and recurrence, its QR
 * read and, with the payer's bank, `/solicrec`. A failure before `POST /rec` answered deletes our row; one
 * after it cancels the recurrence at the PSP and deletes the row: no half start.
 */
async function startAtPsp(deps: PixAutomaticoDeps, request: CreateAtPsp, now: Date) {
  const { db, key, input, payer, firstTxid } = request;
  const { organizationId } = key;
  const webhookBaseUrl = deps.webhookBaseUrl ?? '';
  const webhookUrl = await ourWebhookUrl({ ...deps, webhookBaseUrl }, organizationId);
  return withClient(deps, organizationId, async (client) => {
    if (webhookUrl && webhookBaseUrl) {
      const ourPrefix = `${webhookBaseUrl}/api/pix-webhooks/${organizationId}/`;
      await ensureRecurrenceWebhook(client, webhookUrl, ourPrefix);
    }
    const created = await createAtPsp(client, request);
    try {
      const qr = (await client.getRecurrence(created.idRec, firstTxid))?.dadosQR?.pixCopiaECola ?? null;
      await repository.updateRecurrence(db, key, { pixCopiaECola: qr, updatedAt: now });
      if (input.payerBank) {
        const expires = new Date(now.getTime() + PAYER_BANK_REQUEST_DAYS * 86_400_000);
        await client.requestAuthorization({
          idRec: created.idRec,
          calendario: { dataExpiracaoSolicitacao: expires.toISOString() },
          destinatario: {
            ispbParticipante: input.payerBank.ispb,
            agencia: input.payerBank.branch,
            conta: input.payerBank.account,
            cpf: payer.cpf,
          },
        });
        await repository.updateRecurrence(db, key, { isRequestedAtPayerBank: true });
      }
    } catch (error) {
      await client.cancelRecurrence(created.idRec).catch(() => undefined);
      await repository.deleteRecurrence(db, key);
      throw error;
    }
    return (await repository.findRecurrence(db, key)) as repository.PixRecurrenceRow;
  }).catch(async (error: unknown) => {
    const row = await repository.findRecurrence(db, key);
    if (row && row.idRec === null) await repository.deleteRecurrence(db, key);
    throw error;
  });
}

type CreateAtPsp = {
  db: Database;
  key: { organizationId: string; id: string };
  connection: pspRepository.PspConnectionRow;
  enrollment: NonNullable<Awaited<ReturnType<typeof repository.findEnrollmentToCharge>>>;
  payer: { cpf: string; name: string };
  input: StartPixAutomaticoInput;
  first: { cycleStart: string; owedCents: number };
  firstTxid: string;
};

/** The immediate charge, the location and the recurrence; the PSP's `idRec` kept at once. */
async function createAtPsp(client: PixClient, request: CreateAtPsp) {
  const { key, connection, enrollment, payer, input, first, firstTxid } = request;
  const devedor = { cpf: payer.cpf, nome: payer.name };
  await client.putImmediateCharge(firstTxid, {
    calendario: { expiracao: FIRST_CHARGE_SECONDS },
    devedor,
    valor: { original: centsToAmount(first.owedCents) },
    chave: connection.pixKey,
    solicitacaoPagador: enrollment.planName.slice(0, 140),
  });
  const location = await client.createRecurrenceLocation();
  const months = billingCycleMonths(enrollment.billingCycle);
  const created = await client.createRecurrence({
    vinculo: {
      objeto: enrollment.planName.slice(0, 35),
      contrato: recurrenceContract(enrollment.id),
      devedor,
    },
    calendario: {
      dataInicial: billingCycle(first.cycleStart, months, 1).start,
      ...(input.endDate ? { dataFinal: input.endDate } : {}),
      periodicidade: periodicityOf(enrollment.billingCycle),
    },
    valor:
      input.amountKind === 'FIXED'
        ? { valorRec: centsToAmount(enrollment.priceCents) }
        : { valorMinimoRecebedor: centsToAmount(Number(input.floorCents)) },
    politicaRetentativa: input.retryPolicy,
    loc: location.id,
    ativacao: { dadosJornada: { txid: firstTxid } },
  });
  await repository.updateRecurrence(request.db, key, { idRec: created.idRec, locationId: location.id });
  return created;
}

/**
 * The enrollment's recurrence: the approved one while it runs, else the latest (waiting or ended); and beside
 * an approved one, its replacement waiting for the payer (a new authorization after a plan change), if any.
 */
export async function getRecurrence(
  deps: PixAutomaticoDeps,
  access: OrgAccess,
  enrollmentId: string,
): Promise<{ recurrence: PixRecurrence | null; replacement: PixRecurrence | null }> {
  const { db } = deps;
  const { organizationId } = access;
  const enrollment = await enrollmentToCharge(db, organizationId, enrollmentId);
  const live = await repository.liveRecurrencesOf(db, organizationId, enrollmentId);
  const row = live.approved ?? (await repository.latestRecurrence(db, organizationId, enrollmentId));
  if (!row) return { recurrence: null, replacement: null };
  const replacement = live.approved && live.waiting ? await readable(deps, live.waiting, enrollment) : null;
  return { recurrence: await readable(deps, row, enrollment), replacement };
}

/**
 * A recurrence as staff read it, with its cycles. While it waits for the payer with no QR code kept (the PSP
 * did not answer its read), the code is read again; a PSP still failing leaves it null, not an error.
 */
async function readable(
  deps: PixAutomaticoDeps,
  row: repository.PixRecurrenceRow,
  enrollment: { priceCents: number },
): Promise<PixRecurrence> {
  const { db } = deps;
  const { organizationId } = row;
  const cycles = await recurrenceCycles(db, row, enrollment.priceCents);
  if (row.state === 'CREATED' && row.idRec && !row.pixCopiaECola) {
    const idRec = row.idRec;
    const code = await withClient(deps, organizationId, async (client) => {
      const read = await client.getRecurrence(idRec, row.firstTxid);
      return read?.dadosQR?.pixCopiaECola ?? null;
    }).catch(() => null);
    if (code) {
      await repository.updateRecurrence(db, { organizationId, id: row.id }, { pixCopiaECola: code });
      return toPixRecurrence({ ...row, pixCopiaECola: code }, cycles);
    }
  }
  return toPixRecurrence(row, cycles);
}

/**
 * What staff see per cycle (decision 048, third part): each recurring charge's state, attempts, retry and
 * fallback; and whether a FIXED live recurrence no longer fits the plan's price (a new authorization is needed).
 */
async function recurrenceCycles(
  db: Database,
  row: repository.PixRecurrenceRow,
  priceCents: number,
): Promise<RecurrenceCycles> {
  const charges = await chargesRepository.listRecurrenceCharges(db, row.organizationId, row.id);
  return {
    charges: charges.map((charge) => ({
      txid: charge.txid,
      cycleStart: charge.cycleStart,
      dueDate: charge.dueDate,
      amountCents: charge.amountCents,
      state: charge.state,
      attempts: charge.attempts,
      nextRetryDate: charge.nextRetryDate,
      rejectionCode: charge.rejectionCode,
      fallbackReason: charge.fallbackReason,
      fellBackAt: charge.fellBackAt?.toISOString() ?? null,
    })),
    needsNewAuthorization: needsNewAuthorization(row, priceCents),
  };
}

/** A live recurrence whose amount no longer fits the plan's price (a FIXED one, the price changed since). */
function needsNewAuthorization(row: repository.PixRecurrenceRow, priceCents: number): boolean {
  return !isRecurrenceFinal(row.state) && !fitsRecurrence(row.amountKind, row.amountCents, priceCents);
}

/**
 * Staff cancel the enrollment's Pix Automático (PATCH /rec, `USUARIO_RECEBEDOR`): the running recurrence and a
 * replacement waiting beside it, each with its open charges at the PSP. One the PSP has ended meanwhile (the
 * payer cancelled, it expired) is not cancelled again. Answers the one the panel showed (the approved one).
 */
export async function cancelRecurrence(
  deps: PixAutomaticoDeps,
  access: OrgAccess,
  enrollmentId: string,
  actor: Actor,
): Promise<PixRecurrence> {
  const { db } = deps;
  const { organizationId } = access;
  const enrollment = await enrollmentToCharge(db, organizationId, enrollmentId);
  const live = await repository.liveRecurrencesOf(db, organizationId, enrollmentId);
  const rows = [live.waiting, live.approved].filter((row) => row !== null);
  if (rows.length === 0) {
    const latest = await repository.latestRecurrence(db, organizationId, enrollmentId);
    throw new AppError(latest ? 'PIX_AUTOMATICO_CLOSED' : 'PIX_AUTOMATICO_NOT_FOUND');
  }
  await withClient(deps, organizationId, async (client) => {
    for (const row of rows) await cancelAtPsp(db, client, row, actor.now);
  });
  for (const row of rows)
    await audit(db, access, actor, 'pix_automatico.cancelled', row.id, { enrollmentId });
  const shown = rows.at(-1) as repository.PixRecurrenceRow;
  const after = (await repository.findRecurrence(db, { organizationId, id: shown.id })) as typeof shown;
  return toPixRecurrence(after, await recurrenceCycles(db, after, enrollment.priceCents));
}

/** PATCH /rec, then our row forward only; the PSP's refusal of an ended recurrence takes its own end. */
async function cancelAtPsp(db: Database, client: PixClient, row: repository.PixRecurrenceRow, now: Date) {
  const key = { organizationId: row.organizationId, id: row.id };
  let to: repository.PixRecurrenceRow['state'] = 'CANCELLED_BY_RECEIVER';
  if (row.idRec) {
    try {
      await client.cancelRecurrence(row.idRec);
    } catch (error) {
      if (!(error instanceof PixError) || error.code !== 'PSP_REJECTED') throw error;
      const read = await client.getRecurrence(row.idRec);
      const state = read && recurrenceStateOf(read.status, read.encerramento?.cancelamento?.solicitante);
      if (!state || !isRecurrenceFinal(state)) throw error;
      to = state;
    }
  }
  await repository.moveRecurrence(db, key, ['CREATED', 'APPROVED'], to, now);
}

/**
 * The enrollment ended (cancelled or completed): its live recurrence is cancelled at the PSP. Called after the
 * enrollment's own change is committed; a PSP that cannot be reached is logged by code and left to
 * reconciliation (the enrollment's cancellation does not wait on a bank).
 */
export async function endEnrollmentRecurrence(
  deps: PixAutomaticoDeps,
  organizationId: string,
  enrollmentId: string,
  now: Date,
): Promise<void> {
  const live = await repository.liveRecurrencesOf(deps.db, organizationId, enrollmentId);
  const rows = [live.waiting, live.approved].filter((row) => row !== null);
  if (rows.length === 0) return;
  try {
    await withClient(deps, organizationId, async (client) => {
      for (const row of rows) await cancelAtPsp(deps.db, client, row, now);
    });
  } catch (error) {
    console.error(`[pix-automatico] ${organizationId}: ${String((error as { code?: unknown }).code)}`);
  }
}

async function audit(
  db: Database,
  access: OrgAccess,
  actor: Actor,
  action: string,
  id: string,
  details: object,
) {
  await recordAudit(db, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action,
    entityType: 'pix_recurrence',
    entityId: id,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details,
  });
}
