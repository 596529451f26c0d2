import { endToEndId } from './ids.ts';
import { invalid, notFound, ProblemError, type Violation } from './problems.ts';
import type {
  Attempt,
  AttemptStatus,
  CobR,
  CobRRequest,
  CobRStatus,
  Rec,
  ReceiverAccount,
  Requester,
} from './recurrence-types.ts';
import type { Receiver } from './state-types.ts';

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const DAY_MS = 86_400_000;
const OPEN: CobRStatus[] = ['CRIADA', 'ATIVA'];
/** Rejection codes of an attempt that reject the whole charge (CobRTentativas.rejeicao.codigo's description). */
const FATAL_CODES = ['AC05', 'AM09', 'DENC', 'DS27', 'DTED', 'MIDI', 'MSUC', 'NITX', 'RC09'];
/**
 * Pix Automático's rules (Resolução BCB nº 1/2020 as amended, Regulamento Pix annex on Pix Automático), which
 * the YAML does not state: a charge is sent 2 to 10 days before its due date; with PERMITE_3R_7D up to three
 * retries, within 7 days after the due date.
 */
export const CHARGE_WINDOW_DAYS = { earliest: 10, latest: 2 };
export const RETRY_LIMIT = { retries: 3, days: 7 };

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Which of the recurrence's periods a due date falls in (two charges may not share one). */
export function cycleOf(rec: Pick<Rec, 'calendario'>, due: string): number {
  const { dataInicial, periodicidade } = rec.calendario;
  if (periodicidade === 'SEMANAL') return Math.floor(daysBetween(dataInicial, due) / 7);
  const [y1, m1, d1] = dataInicial.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = due.split('-').map(Number) as [number, number, number];
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  const length = { MENSAL: 1, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 }[periodicidade];
  return Math.floor(months / length);
}

/**
 * Recurring charges (`/cobr`) of approved recurrences, each with its settlement attempts. A charge is CRIADA
 * when put and ATIVA once the payer's bank has scheduled its debit (`schedule`, a moment later, as the SPI
 * answers); its outcome comes from the sandbox (settle, fail). `onChange` is the PSP's `webhookcobr`.
 */
export function createRecurringCharges(options: {
  receiver: Receiver;
  account: ReceiverAccount;
  now: () => Date;
  recurrence: (idRec: string) => Rec | undefined;
  schedule: (work: () => void) => void;
  onChange: (charge: CobR) => void;
}) {
  const { receiver, account, now } = options;
  const charges = new Map<string, CobR>();
  const today = () => now().toISOString().slice(0, 10);

  function find(txid: string): CobR {
    const charge = charges.get(txid);
    if (!charge) throw notFound('CobRNaoEncontrado', 'Cobrança não encontrada para o txid informado.');
    return charge;
  }

  function moveAttempt(attempt: Attempt, status: AttemptStatus) {
    attempt.status = status;
    attempt.atualizacao.push({ status, data: now().toISOString() });
  }

  function move(charge: CobR, status: CobRStatus, closing?: CobR['encerramento']) {
    charge.status = status;
    charge.atualizacao.push({ status, data: now().toISOString() });
    if (closing) charge.encerramento = closing;
  }

  /** The attempt the payer's bank takes next: SOLICITADA now, AGENDADA once "their bank" has scheduled it. */
  function attempt(charge: CobR, tipo: Attempt['tipo'], dataLiquidacao: string) {
    const next: Attempt = {
      dataLiquidacao,
      tipo,
      endToEndId: endToEndId(new Date(`${dataLiquidacao}T12:00:00Z`)),
      status: 'SOLICITADA',
      atualizacao: [{ status: 'SOLICITADA', data: now().toISOString() }],
    };
    charge.tentativas.push(next);
    options.schedule(() => {
      if (next.status !== 'SOLICITADA') return;
      moveAttempt(next, 'AGENDADA');
      if (charge.status === 'CRIADA') move(charge, 'ATIVA');
      options.onChange(charge);
    });
  }

  function violationsOf(txid: string, body: CobRRequest, rec: Rec | undefined): Violation[] {
    const violations: Violation[] = [];
    const due = body.calendario.dataDeVencimento;
    if (!TXID.test(txid))
      violations.push({ razao: 'txid fora do padrão [a-zA-Z0-9]{26,35}', propriedade: 'txid', valor: txid });
    if (charges.has(txid)) violations.push({ razao: 'txid em uso', propriedade: 'cobr.txid', valor: txid });
    if (rec?.status !== 'APROVADA')
      violations.push({ razao: 'recorrência inexistente ou não APROVADA', propriedade: 'cobr.idRec' });
    const ahead = daysBetween(today(), due);
    if (ahead < 0)
      violations.push({
        razao: 'dataDeVencimento anterior à criação',
        propriedade: 'cobr.calendario.dataDeVencimento',
      });
    else if (ahead < CHARGE_WINDOW_DAYS.latest || ahead > CHARGE_WINDOW_DAYS.earliest)
      violations.push({
        razao: 'cobrança fora da janela de 2 a 10 dias antes do vencimento',
        propriedade: 'cobr.calendario.dataDeVencimento',
      });
    if (body.recebedor.conta !== account.conta || (body.recebedor.agencia ?? '') !== (account.agencia ?? ''))
      violations.push({ razao: 'conta não pertence ao usuário recebedor', propriedade: 'cobr.recebedor' });
    if (rec?.valor?.valorRec && rec.valor.valorRec !== body.valor.original)
      violations.push({
        razao: 'valor diferente do valor fixo da recorrência',
        propriedade: 'cobr.valor.original',
      });
    const sameCycle = [...charges.values()].some(
      (other) =>
        rec &&
        other.idRec === body.idRec &&
        !['REJEITADA', 'CANCELADA'].includes(other.status) &&
        cycleOf(rec, other.calendario.dataDeVencimento) === cycleOf(rec, due),
    );
    if (sameCycle)
      violations.push({ razao: 'já existe cobrança da recorrência neste ciclo', propriedade: 'cobr.idRec' });
    return violations;
  }

  function closeOpenAttempt(charge: CobR, status: AttemptStatus) {
    const open = charge.tentativas.find((item) => item.status === 'SOLICITADA' || item.status === 'AGENDADA');
    if (open) moveAttempt(open, status);
  }

  return {
    /** PUT /cobr/{txid}. */
    put(txid: string, body: CobRRequest): CobR {
      const rec = options.recurrence(body.idRec);
      const violations = violationsOf(txid, body, rec);
      if (violations.length || !rec)
        throw invalid('CobROperacaoInvalida', 'A cobrança não respeita as regras da API Pix.', violations);
      const charge: CobR = {
        idRec: body.idRec,
        txid,
        ...(body.infoAdicional ? { infoAdicional: body.infoAdicional } : {}),
        calendario: { criacao: today(), dataDeVencimento: body.calendario.dataDeVencimento },
        valor: body.valor,
        ajusteDiaUtil: body.ajusteDiaUtil ?? true,
        recebedor: { ...body.recebedor, cnpj: receiver.cnpj, nome: receiver.nome },
        ...(body.devedor ? { devedor: body.devedor } : {}),
        status: 'CRIADA',
        politicaRetentativa: rec.politicaRetentativa,
        atualizacao: [{ status: 'CRIADA', data: now().toISOString() }],
        tentativas: [],
      };
      charges.set(txid, charge);
      attempt(charge, 'AGND', body.calendario.dataDeVencimento);
      return charge;
    },

    get: find,

    /** PATCH /cobr/{txid} {status: CANCELADA}: only before the day of its first attempt. */
    cancel(txid: string, solicitante: Requester = 'USUARIO_RECEBEDOR'): CobR {
      const charge = find(txid);
      if (!OPEN.includes(charge.status))
        throw invalid('CobROperacaoInvalida', 'A cobrança não está CRIADA nem ATIVA.');
      const first = charge.tentativas[0]?.dataLiquidacao ?? charge.calendario.dataDeVencimento;
      if (solicitante === 'USUARIO_RECEBEDOR' && today() >= first) {
        throw invalid(
          'CobROperacaoInvalida',
          'Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.',
        );
      }
      closeOpenAttempt(charge, 'CANCELADA');
      const descricao = 'Cancelamento da cobrança';
      move(charge, 'CANCELADA', { cancelamento: { solicitante, codigo: 'SLCR', descricao } });
      options.onChange(charge);
      return charge;
    },

    /** The recurrence ended: its open charges are cancelled with it. */
    cancelOf(idRec: string, solicitante: Requester) {
      for (const charge of charges.values()) {
        if (charge.idRec !== idRec || !OPEN.includes(charge.status)) continue;
        closeOpenAttempt(charge, 'CANCELADA');
        const descricao = 'Recorrência cancelada';
        move(charge, 'CANCELADA', { cancelamento: { solicitante, codigo: 'CCLD', descricao } });
        options.onChange(charge);
      }
    },

    /** POST /cobr/{txid}/retentativa/{data}: a new attempt after a failed one, within the policy. */
    retry(txid: string, data: string): CobR {
      const charge = find(txid);
      const violations: Violation[] = [];
      if (charge.politicaRetentativa !== 'PERMITE_3R_7D')
        throw invalid(
          'CobROperacaoInvalida',
          'A política configurada na recorrência não permite retentativa de cobrança.',
        );
      if (charge.status !== 'ATIVA')
        violations.push({ razao: 'a cobrança não está ATIVA', propriedade: 'txid' });
      if (charge.tentativas.some((item) => item.status === 'SOLICITADA' || item.status === 'AGENDADA'))
        violations.push({ razao: 'existe uma tentativa SOLICITADA ou AGENDADA', propriedade: 'txid' });
      if (data <= today()) violations.push({ razao: 'data não é futura', propriedade: 'data', valor: data });
      const last = charge.tentativas.at(-1)?.dataLiquidacao ?? charge.calendario.dataDeVencimento;
      if (data <= last)
        violations.push({ razao: 'data não é posterior à última tentativa', propriedade: 'data' });
      const due = charge.calendario.dataDeVencimento;
      if (daysBetween(due, data) > RETRY_LIMIT.days)
        violations.push({ razao: 'data após os 7 dias de retentativa', propriedade: 'data', valor: data });
      if (charge.tentativas.filter((item) => item.tipo === 'NTAG').length >= RETRY_LIMIT.retries)
        violations.push({ razao: 'as 3 retentativas já foram usadas', propriedade: 'txid' });
      if (violations.length)
        throw invalid('CobROperacaoInvalida', 'A retentativa não respeita as regras da API Pix.', violations);
      attempt(charge, 'NTAG', data);
      return charge;
    },

    /** Sandbox: the scheduled debit settles: the attempt is PAGA, the Pix arrives, the charge is CONCLUIDA. */
    settle(txid: string): CobR {
      const charge = find(txid);
      const scheduled = charge.tentativas.find((item) => item.status === 'AGENDADA');
      if (!scheduled || charge.status !== 'ATIVA')
        throw new ProblemError(409, 'CobRSemTentativaAgendada', 'A cobrança não tem débito agendado');
      moveAttempt(scheduled, 'PAGA');
      charge.pix = [
        {
          endToEndId: scheduled.endToEndId,
          txid,
          valor: charge.valor.original,
          horario: now().toISOString(),
        },
      ];
      move(charge, 'CONCLUIDA');
      options.onChange(charge);
      return charge;
    },

    /**
     * Sandbox: the scheduled debit fails (the payer's balance, limit...). The attempt is REJEITADA; the charge too
     * when the code is one that rejects it, EXPIRADA when no retry can follow, else it stays ATIVA for a retry.
     */
    fail(txid: string, codigo = 'AM02', descricao = 'Débito não realizado pelo PSP do pagador'): CobR {
      const charge = find(txid);
      const scheduled = charge.tentativas.find((item) => item.status === 'AGENDADA');
      if (!scheduled || charge.status !== 'ATIVA')
        throw new ProblemError(409, 'CobRSemTentativaAgendada', 'A cobrança não tem débito agendado');
      moveAttempt(scheduled, 'REJEITADA');
      scheduled.rejeicao = { codigo, descricao };
      const retries = charge.tentativas.filter((item) => item.tipo === 'NTAG').length;
      const lastDay = addDays(charge.calendario.dataDeVencimento, RETRY_LIMIT.days);
      if (FATAL_CODES.includes(codigo)) move(charge, 'REJEITADA', { rejeicao: { codigo, descricao } });
      else if (
        charge.politicaRetentativa !== 'PERMITE_3R_7D' ||
        retries >= RETRY_LIMIT.retries ||
        today() >= lastDay
      )
        move(charge, 'EXPIRADA');
      options.onChange(charge);
      return charge;
    },

    all: () => [...charges.values()],

    count: () => charges.size,
  };
}

export type RecurringCharges = ReturnType<typeof createRecurringCharges>;
