import { toCents } from './amounts.ts';
import { dynamicBrCode } from './br-code.ts';
import { randomHex } from './ids.ts';
import { invalid, notFound, type Violation } from './problems.ts';
import type { Charge, ChargeRequest, Receiver } from './state-types.ts';

/** The spec's TxId pattern is unanchored in the YAML ("[a-zA-Z0-9]{26,35}"); the PSP checks the whole value. */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const DAY_MS = 86_400_000;

type StoredCharge = { current: Charge; revisions: Charge[] };

/** The semantic checks the YAML lists as CobVOperacaoInvalida violations (the schema checks come first). */
function violationsOf(txid: string, body: ChargeRequest, receiver: Receiver, now: Date): Violation[] {
  const violations: Violation[] = [];
  if (!TXID.test(txid))
    violations.push({ razao: 'txid fora do padrão [a-zA-Z0-9]{26,35}', propriedade: 'txid', valor: txid });
  const due = body.calendario?.dataDeVencimento;
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  if (due && due < yesterday) {
    violations.push({
      razao: 'dataDeVencimento anterior à criação',
      propriedade: 'cobv.calendario.dataDeVencimento',
      valor: due,
    });
  }
  if ((body.calendario?.validadeAposVencimento ?? 0) < 0) {
    violations.push({
      razao: 'validadeAposVencimento negativa',
      propriedade: 'cobv.calendario.validadeAposVencimento',
    });
  }
  if (body.chave !== undefined && body.chave !== receiver.chave) {
    violations.push({
      razao: 'chave não pertence ao usuário recebedor',
      propriedade: 'cobv.chave',
      valor: body.chave,
    });
  }
  const original = body.valor?.original;
  if (original !== undefined && toCents(original) === 0) {
    violations.push({
      razao: 'valor.original igual a zero',
      propriedade: 'cobv.valor.original',
      valor: original,
    });
  }
  for (const step of body.valor?.desconto?.descontoDataFixa ?? []) {
    if (due && step.data > due)
      violations.push({ razao: 'desconto após o vencimento', propriedade: 'cobv.valor.desconto' });
    if (original && toCents(step.valorPerc) >= toCents(original)) {
      violations.push({ razao: 'desconto maior ou igual ao valor', propriedade: 'cobv.valor.desconto' });
    }
  }
  return violations;
}

/** Charges with a due date (cobv), with their revisions, as the PSP keeps them. */
export function createCharges(receiver: Receiver, locationHost: string, now: () => Date) {
  const charges = new Map<string, StoredCharge>();
  let nextLocationId = 1;

  function check(txid: string, body: ChargeRequest) {
    const violations = violationsOf(txid, body, receiver, now());
    if (violations.length)
      throw invalid('CobVOperacaoInvalida', 'A cobrança não respeita as regras da API Pix.', violations);
  }

  function newLocation(txid: string) {
    const location = `${locationHost}/qr/v2/cobv/${randomHex(16)}`;
    return { id: nextLocationId++, txid, location, tipoCob: 'cobv' as const, criacao: now().toISOString() };
  }

  /** The receiver's fields of a charge: a PUT replaces them all, a PATCH (revise) changes only those it sends. */
  function fieldsOf(body: ChargeRequest, base: Charge | undefined, revise: boolean): ChargeRequest {
    if (!revise || !base) return body;
    const { calendario, devedor, valor, chave, solicitacaoPagador, infoAdicionais } = base;
    const { criacao: _criacao, ...dates } = calendario;
    return {
      ...{ devedor, valor, chave, solicitacaoPagador, infoAdicionais },
      ...body,
      calendario: { ...dates, ...body.calendario },
    };
  }

  function build(txid: string, body: ChargeRequest, base: Charge | undefined, revise: boolean): Charge {
    const fields = fieldsOf(body, base, revise);
    const loc = base?.loc ?? newLocation(txid);
    const { cnpj, nome, logradouro, cidade, uf, cep } = receiver;
    return {
      calendario: {
        criacao: base?.calendario.criacao ?? now().toISOString(),
        dataDeVencimento: String(fields.calendario?.dataDeVencimento),
        validadeAposVencimento: fields.calendario?.validadeAposVencimento ?? 30,
      },
      txid,
      revisao: base ? base.revisao + 1 : 0,
      loc,
      location: loc.location,
      status: 'ATIVA',
      devedor: fields.devedor as Charge['devedor'],
      recebedor: { cnpj, nome, logradouro, cidade, uf, cep },
      valor: fields.valor as Charge['valor'],
      chave: fields.chave ?? receiver.chave,
      ...(fields.solicitacaoPagador ? { solicitacaoPagador: fields.solicitacaoPagador } : {}),
      ...(fields.infoAdicionais ? { infoAdicionais: fields.infoAdicionais } : {}),
      pixCopiaECola: dynamicBrCode({ location: loc.location, merchantName: nome, merchantCity: cidade }),
    };
  }

  /** Whether a revision would change nothing the payer sees (a repeated PUT of the same charge). */
  function sameContent(a: Charge, b: Charge): boolean {
    const strip = ({ revisao: _r, calendario: { criacao: _c, ...calendario }, ...rest }: Charge) => ({
      ...rest,
      calendario,
    });
    return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
  }

  function save(stored: StoredCharge | undefined, next: Charge): Charge {
    if (stored && sameContent(stored.current, next)) return stored.current;
    const record = stored ?? { current: next, revisions: [] };
    record.current = next;
    record.revisions.push(next);
    charges.set(next.txid, record);
    return next;
  }

  return {
    /** PUT /cobv/{txid}: creates, or replaces an ATIVA charge (a new revision only when something changed). */
    put(txid: string, body: ChargeRequest): Charge {
      check(txid, body);
      const stored = charges.get(txid);
      if (stored && stored.current.status !== 'ATIVA') {
        throw invalid('CobVOperacaoInvalida', 'A cobrança já existe e não está ATIVA.');
      }
      return save(stored, build(txid, body, stored?.current, false));
    },

    /** GET /cobv/{txid}, of a revision when asked. */
    get(txid: string, revisao?: number): Charge {
      const stored = charges.get(txid);
      if (!stored)
        throw notFound('CobVNaoEncontrada', 'Cobrança com vencimento não encontrada para o txid informado.');
      if (revisao === undefined) return stored.current;
      const revision = stored.revisions.find((charge) => charge.revisao === revisao);
      if (!revision)
        throw invalid('CobVConsultaInvalida', 'A revisão informada não existe para esta cobrança.');
      return revision;
    },

    /** PATCH /cobv/{txid}: a revision, or the receiver's removal (never both at once). */
    patch(txid: string, body: ChargeRequest): Charge {
      const stored = charges.get(txid);
      if (!stored)
        throw notFound('CobVNaoEncontrada', 'Cobrança com vencimento não encontrada para o txid informado.');
      if (stored.current.status !== 'ATIVA')
        throw invalid('CobVOperacaoInvalida', 'A cobrança não está ATIVA.');
      const { status, ...changes } = body;
      if (status && Object.keys(changes).length > 0) {
        throw invalid('CobVOperacaoInvalida', 'Remoção da cobrança junto com outras alterações.');
      }
      check(txid, changes);
      if (status) return save(stored, { ...stored.current, revisao: stored.current.revisao + 1, status });
      return save(stored, build(txid, changes, stored.current, true));
    },

    /** The payment of a charge: CONCLUIDA from now on. The PSP's change, not a revision by the receiver. */
    conclude(txid: string): Charge {
      const stored = charges.get(txid);
      if (!stored)
        throw notFound('CobVNaoEncontrada', 'Cobrança com vencimento não encontrada para o txid informado.');
      stored.current = { ...stored.current, status: 'CONCLUIDA' };
      return stored.current;
    },

    count: () => charges.size,
  };
}

export type Charges = ReturnType<typeof createCharges>;
