import { toCents } from './amounts.ts';
import { endToEndId, returnId } from './ids.ts';
import { invalid, notFound } from './problems.ts';
import type { Pix, Refund } from './state-types.ts';

export type PixQuery = {
  inicio: string;
  fim: string;
  txid?: string;
  txIdPresente?: boolean;
  devolucaoPresente?: boolean;
  paginaAtual: number;
  itensPorPagina: number;
};

/** The Pix the receiver got and their refunds, in the order they arrived. */
export function createLedger(now: () => Date) {
  const received: Pix[] = [];
  const byEndToEndId = new Map<string, Pix>();

  function find(e2eid: string): Pix {
    const pix = byEndToEndId.get(e2eid);
    if (!pix) throw notFound('PixNaoEncontrado', 'Pix não encontrado para o e2eid informado.');
    return pix;
  }

  return {
    receive(input: Omit<Pix, 'endToEndId' | 'horario'> & { horario?: string }): Pix {
      const horario = input.horario ?? now().toISOString();
      const pix: Pix = { endToEndId: endToEndId(new Date(horario)), ...input, horario };
      received.push(pix);
      byEndToEndId.set(pix.endToEndId, pix);
      return pix;
    },

    get: find,

    /** The Pix that paid a charge (GET /cobv/{txid} lists them). */
    paying: (txid: string) => received.filter((pix) => pix.txid === txid),

    /** GET /pix: by the instant received, oldest first, one page. */
    list(query: PixQuery) {
      const start = Date.parse(query.inicio);
      const end = Date.parse(query.fim);
      if (end < start) throw invalid('PixConsultaInvalida', 'fim é anterior a inicio.');
      const matching = received.filter((pix) => {
        const at = Date.parse(pix.horario);
        if (at < start || at > end) return false;
        if (query.txid !== undefined && pix.txid !== query.txid) return false;
        if (query.txIdPresente !== undefined && Boolean(pix.txid) !== query.txIdPresente) return false;
        if (
          query.devolucaoPresente !== undefined &&
          Boolean(pix.devolucoes?.length) !== query.devolucaoPresente
        ) {
          return false;
        }
        return true;
      });
      const first = query.paginaAtual * query.itensPorPagina;
      return {
        parametros: {
          inicio: query.inicio,
          fim: query.fim,
          paginacao: {
            paginaAtual: query.paginaAtual,
            itensPorPagina: query.itensPorPagina,
            quantidadeDePaginas: Math.max(1, Math.ceil(matching.length / query.itensPorPagina)),
            quantidadeTotalDeItens: matching.length,
          },
        },
        pix: matching.slice(first, first + query.itensPorPagina),
      };
    },

    /** PUT /pix/{e2eid}/devolucao/{id}: EM_PROCESSAMENTO until settled. */
    requestRefund(
      e2eid: string,
      id: string,
      body: { valor: string; natureza?: string; descricao?: string },
    ): Refund {
      const pix = find(e2eid);
      pix.devolucoes ??= [];
      const refunds = pix.devolucoes;
      if (refunds.some((refund) => refund.id === id)) {
        throw invalid('PixDevolucaoInvalida', 'O id da devolução já foi utilizado para este e2eid.', [
          { razao: 'id de devolução já utilizado', propriedade: 'id', valor: id },
        ]);
      }
      const refunded = refunds
        .filter((refund) => refund.status !== 'NAO_REALIZADO')
        .reduce((sum, refund) => sum + toCents(refund.valor), 0);
      if (toCents(body.valor) === 0 || refunded + toCents(body.valor) > toCents(pix.valor)) {
        throw invalid('PixDevolucaoInvalida', 'A devolução excederia o valor do Pix.', [
          { razao: 'valor excede o valor do pix', propriedade: 'devolucao.valor', valor: body.valor },
        ]);
      }
      const refund: Refund = {
        id,
        rtrId: returnId(now()),
        valor: body.valor,
        natureza: body.natureza === 'RETIRADA' ? 'RETIRADA' : 'ORIGINAL',
        ...(body.descricao ? { descricao: body.descricao } : {}),
        horario: { solicitacao: now().toISOString() },
        status: 'EM_PROCESSAMENTO',
      };
      refunds.push(refund);
      return refund;
    },

    getRefund(e2eid: string, id: string): Refund {
      const refund = find(e2eid).devolucoes?.find((candidate) => candidate.id === id);
      if (!refund)
        throw notFound('PixDevolucaoNaoEncontrada', 'Devolução não encontrada para o e2eid informado.');
      return refund;
    },

    /** The refund reaches its final status (the SPI's answer): DEVOLVIDO, or NAO_REALIZADO with a reason. */
    settleRefund(
      e2eid: string,
      id: string,
      status: 'DEVOLVIDO' | 'NAO_REALIZADO',
    ): { pix: Pix; refund: Refund } {
      const refund = this.getRefund(e2eid, id);
      if (refund.status === 'EM_PROCESSAMENTO') {
        refund.status = status;
        if (status === 'DEVOLVIDO') refund.horario.liquidacao = now().toISOString();
        else refund.motivo = 'Devolução recusada pelo PSP do pagador.';
      }
      return { pix: find(e2eid), refund };
    },

    count: () => received.length,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
