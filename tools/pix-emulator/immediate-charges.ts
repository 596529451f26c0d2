import { toCents } from './amounts.ts';
import { dynamicBrCode } from './br-code.ts';
import { randomHex } from './ids.ts';
import { invalid, notFound, type Violation } from './problems.ts';
import type { Cob, CobRequest } from './recurrence-types.ts';
import type { Receiver } from './state-types.ts';

const TXID = /^[a-zA-Z0-9]{26,35}$/;

/**
 * Immediate charges (`cob`), only as far as Pix Automático's Jornada 3 needs them: the charge the payer pays
 * while authorizing the recurrence, whose txid the recurrence names (`ativacao.dadosJornada.txid`).
 */
export function createImmediateCharges(receiver: Receiver, locationHost: string, now: () => Date) {
  const charges = new Map<string, Cob>();
  let nextLocationId = 1;

  function violationsOf(txid: string, body: CobRequest): Violation[] {
    const violations: Violation[] = [];
    if (!TXID.test(txid))
      violations.push({ razao: 'txid fora do padrão [a-zA-Z0-9]{26,35}', propriedade: 'txid', valor: txid });
    if ((body.calendario.expiracao ?? 86_400) <= 0)
      violations.push({
        razao: 'expiracao igual ou menor que zero',
        propriedade: 'cob.calendario.expiracao',
      });
    if (toCents(body.valor.original) === 0)
      violations.push({ razao: 'valor.original igual a zero', propriedade: 'cob.valor.original' });
    if (body.chave !== receiver.chave)
      violations.push({ razao: 'chave não pertence ao usuário recebedor', propriedade: 'cob.chave' });
    return violations;
  }

  function find(txid: string): Cob {
    const charge = charges.get(txid);
    if (!charge) throw notFound('CobNaoEncontrado', 'Cobrança não encontrada para o txid informado.');
    return charge;
  }

  return {
    /** PUT /cob/{txid}: creates, or replaces an ATIVA charge. */
    put(txid: string, body: CobRequest): Cob {
      const violations = violationsOf(txid, body);
      if (violations.length)
        throw invalid('CobOperacaoInvalida', 'A cobrança não respeita as regras da API Pix.', violations);
      const stored = charges.get(txid);
      if (stored && stored.status !== 'ATIVA')
        throw invalid('CobOperacaoInvalida', 'A cobrança já existe e não está ATIVA.');
      const criacao = now().toISOString();
      const loc = stored?.loc ?? {
        id: nextLocationId++,
        txid,
        location: `${locationHost}/qr/v2/${randomHex(16)}`,
        tipoCob: 'cob' as const,
        criacao,
      };
      const charge: Cob = {
        calendario: {
          criacao: stored?.calendario.criacao ?? criacao,
          expiracao: body.calendario.expiracao ?? 86_400,
        },
        txid,
        revisao: stored ? stored.revisao + 1 : 0,
        loc,
        location: loc.location,
        status: 'ATIVA',
        ...(body.devedor ? { devedor: body.devedor } : {}),
        valor: body.valor,
        chave: body.chave,
        ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
        pixCopiaECola: dynamicBrCode({
          location: loc.location,
          merchantName: receiver.nome,
          merchantCity: receiver.cidade,
        }),
      };
      charges.set(txid, charge);
      return charge;
    },

    get: find,

    /** Paid: CONCLUIDA from now on. */
    conclude(txid: string): Cob {
      const charge = find(txid);
      charge.status = 'CONCLUIDA';
      return charge;
    },
  };
}

export type ImmediateCharges = ReturnType<typeof createImmediateCharges>;
