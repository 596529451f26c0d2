import { randomAlphanumeric, randomHex } from './ids.ts';
import { invalid, notFound, type Violation } from './problems.ts';
import type {
  Rec,
  RecClosing,
  RecLocation,
  RecRequest,
  RecRevision,
  RecStatus,
  Requester,
  SolicRec,
  SolicRecRequest,
} from './recurrence-types.ts';
import type { Receiver } from './state-types.ts';

/** The ISPB the emulator's recurrence and request ids carry (the receiver's PSP). */
export const RECEIVER_ISPB = '99999004';
const FINAL: RecStatus[] = ['REJEITADA', 'EXPIRADA', 'CANCELADA'];

const yyyymmdd = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Recurrences (`/rec`), their payload locations (`/locrec`) and the requests pushed to the payer's bank
 * (`/solicrec`), with the semantic checks the YAML lists under RecOperacaoInvalida and SolicRecOperacaoInvalida.
 * `onChange` is told every status change (the PSP's `webhookrec`).
 */
export function createRecurrences(options: {
  receiver: Receiver;
  locationHost: string;
  now: () => Date;
  onChange: (rec: Rec) => void;
}) {
  const { receiver, now } = options;
  const recs = new Map<string, Rec>();
  const locations = new Map<number, RecLocation>();
  const requests = new Map<string, SolicRec>();
  let nextLocationId = 1;
  const today = () => now().toISOString().slice(0, 10);

  function find(idRec: string): Rec {
    const rec = recs.get(idRec);
    if (!rec) throw notFound('RecNaoEncontrada', 'Recorrência não encontrada para o idRec informado.');
    return rec;
  }

  function location(id: number | undefined, idRec: string | undefined, violations: Violation[]) {
    if (id === undefined) return undefined;
    const loc = locations.get(id);
    if (!loc) violations.push({ razao: 'location inexistente', propriedade: 'rec.loc' });
    else if (loc.idRec && loc.idRec !== idRec)
      violations.push({ razao: 'location em uso por outra recorrência', propriedade: 'rec.loc' });
    return loc;
  }

  function move(rec: Rec, status: RecStatus, closing?: RecClosing) {
    rec.status = status;
    rec.atualizacao.push({ status, data: now().toISOString() });
    if (closing) rec.encerramento = closing;
    options.onChange(rec);
  }

  function closeAs(idRec: string, status: RecStatus, closing?: RecClosing): Rec {
    const rec = find(idRec);
    if (FINAL.includes(rec.status))
      throw invalid('RecOperacaoInvalida', 'A recorrência encontra-se expirada, cancelada ou rejeitada.');
    move(rec, status, closing);
    return rec;
  }

  return {
    /** POST /locrec. */
    createLocation(): RecLocation {
      const loc = {
        id: nextLocationId++,
        tipo: 'rec' as const,
        location: `${options.locationHost}/qr/v2/rec/${randomHex(16)}`,
        criacao: now().toISOString(),
      };
      locations.set(loc.id, loc);
      return loc;
    },

    getLocation(id: number): RecLocation {
      const loc = locations.get(id);
      if (!loc) throw notFound('NaoEncontrado', 'Location não encontrada.');
      return loc;
    },

    /** POST /rec: CRIADA, its id made by the PSP (RecId's rule), awaiting the payer's journey. */
    create(body: RecRequest, isImmediateChargeOpen: (txid: string) => boolean): Rec {
      const violations: Violation[] = [];
      const { dataInicial, dataFinal } = body.calendario;
      if (dataInicial < today())
        violations.push({
          razao: 'dataInicial anterior à criação',
          propriedade: 'rec.calendario.dataInicial',
        });
      if (dataFinal && dataFinal < dataInicial)
        violations.push({
          razao: 'dataFinal anterior a dataInicial',
          propriedade: 'rec.calendario.dataFinal',
        });
      if (body.valor?.valorRec && body.valor.valorMinimoRecebedor)
        violations.push({ razao: 'valorRec e valorMinimoRecebedor preenchidos', propriedade: 'rec.valor' });
      const txid = body.ativacao?.dadosJornada?.txid;
      if (txid && !isImmediateChargeOpen(txid))
        violations.push({ razao: 'txid não é uma cobrança imediata ATIVA', propriedade: 'rec.ativacao' });
      const loc = location(body.loc, undefined, violations);
      if (violations.length)
        throw invalid('RecOperacaoInvalida', 'A recorrência não respeita as regras da API Pix.', violations);
      const retry = body.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N';
      const idRec = `R${retry}${RECEIVER_ISPB}${yyyymmdd(now())}${randomAlphanumeric(11)}`;
      if (loc) loc.idRec = idRec;
      const rec: Rec = {
        idRec,
        vinculo: body.vinculo,
        calendario: body.calendario,
        ...(body.valor ? { valor: body.valor } : {}),
        recebedor: { cnpj: receiver.cnpj, nome: receiver.nome, ...body.recebedor },
        politicaRetentativa: body.politicaRetentativa,
        status: 'CRIADA',
        ...(loc ? { loc } : {}),
        atualizacao: [{ status: 'CRIADA', data: now().toISOString() }],
        ativacao: { tipoJornada: 'AGUARDANDO_DEFINICAO', ...(txid ? { dadosJornada: { txid } } : {}) },
      };
      recs.set(idRec, rec);
      return rec;
    },

    get: find,

    /** PATCH /rec/{idRec}: the receiver cancels it, or changes what may change while it is CRIADA. */
    revise(idRec: string, body: RecRevision): Rec {
      const rec = find(idRec);
      if (FINAL.includes(rec.status))
        throw invalid('RecOperacaoInvalida', 'A recorrência encontra-se expirada, cancelada ou rejeitada.');
      const violations: Violation[] = [];
      if ((body.loc !== undefined || body.calendario?.dataInicial) && rec.status !== 'CRIADA')
        violations.push({ razao: 'loc e dataInicial só mudam enquanto CRIADA', propriedade: 'rec' });
      if (body.calendario?.dataInicial && body.calendario.dataInicial < today())
        violations.push({
          razao: 'dataInicial anterior à criação',
          propriedade: 'rec.calendario.dataInicial',
        });
      const loc = location(body.loc, idRec, violations);
      if (violations.length)
        throw invalid('RecOperacaoInvalida', 'A revisão não respeita as regras da API Pix.', violations);
      if (loc) {
        if (rec.loc) delete rec.loc.idRec;
        loc.idRec = idRec;
        rec.loc = loc;
      }
      if (body.calendario?.dataInicial) rec.calendario.dataInicial = body.calendario.dataInicial;
      if (body.vinculo?.devedor?.nome) rec.vinculo.devedor.nome = body.vinculo.devedor.nome;
      if (body.ativacao?.dadosJornada) rec.ativacao.dadosJornada = body.ativacao.dadosJornada;
      if (body.status === 'CANCELADA') {
        const descricao = 'Cancelamento solicitado pelo usuário recebedor';
        move(rec, 'CANCELADA', {
          cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao },
        });
      }
      return rec;
    },

    /** The payer's bank confirms: APROVADA, by the journey the payer took. */
    approve(
      idRec: string,
      pagador: NonNullable<Rec['pagador']>,
      journey: Rec['ativacao']['tipoJornada'],
    ): Rec {
      const rec = find(idRec);
      if (rec.status !== 'CRIADA')
        throw invalid('RecOperacaoInvalida', 'Somente uma recorrência CRIADA pode ser aprovada.');
      rec.pagador = pagador;
      rec.ativacao = {
        tipoJornada: journey,
        // The YAML: dadosJornada is removed when the activation came by journeys 1, 2 or 4.
        ...(journey === 'JORNADA_3' && rec.ativacao.dadosJornada
          ? { dadosJornada: rec.ativacao.dadosJornada }
          : {}),
      };
      for (const request of requests.values()) {
        if (request.idRec === idRec && request.status === 'CRIADA') {
          request.status = 'ACEITA';
          request.atualizacao.push({ status: 'ACEITA', data: now().toISOString() });
        }
      }
      move(rec, 'APROVADA');
      return rec;
    },

    reject(idRec: string): Rec {
      const rec = find(idRec);
      if (rec.status !== 'CRIADA')
        throw invalid('RecOperacaoInvalida', 'Somente uma recorrência CRIADA pode ser rejeitada.');
      move(rec, 'REJEITADA', {
        rejeicao: { codigo: 'AP13', descricao: 'Recorrência rejeitada pelo usuário pagador' },
      });
      return rec;
    },

    cancel(idRec: string, solicitante: Requester): Rec {
      const byPayer = solicitante === 'USUARIO_PAGADOR' || solicitante === 'PSP_PAGADOR';
      const descricao = `Cancelamento solicitado pelo ${byPayer ? 'pagador' : 'recebedor'}`;
      return closeAs(idRec, 'CANCELADA', {
        cancelamento: { solicitante, codigo: byPayer ? 'SLDB' : 'SLCR', descricao },
      });
    },

    expire: (idRec: string) => closeAs(idRec, 'EXPIRADA'),

    /** POST /solicrec: a request for the payer's bank to show the authorization (Jornada 1). */
    request(body: SolicRecRequest): SolicRec {
      const rec = find(body.idRec);
      const violations: Violation[] = [];
      if (rec.status !== 'CRIADA')
        violations.push({ razao: 'a recorrência não está CRIADA', propriedade: 'solicrec.idRec' });
      if (Date.parse(body.calendario.dataExpiracaoSolicitacao) <= now().getTime())
        violations.push({
          razao: 'dataExpiracaoSolicitacao anterior à criação',
          propriedade: 'solicrec.calendario.dataExpiracaoSolicitacao',
        });
      const open = [...requests.values()].some(
        (request) =>
          request.idRec === body.idRec && ['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(request.status),
      );
      if (open) violations.push({ razao: 'já existe uma solicitação ativa', propriedade: 'solicrec.idRec' });
      if (violations.length)
        throw invalid(
          'SolicRecOperacaoInvalida',
          'A solicitação não respeita as regras da API Pix.',
          violations,
        );
      const request: SolicRec = {
        ...body,
        idSolicRec: `SC${RECEIVER_ISPB}${yyyymmdd(now())}${randomAlphanumeric(11)}`,
        status: 'CRIADA',
        atualizacao: [{ status: 'CRIADA', data: now().toISOString() }],
      };
      requests.set(request.idSolicRec, request);
      return request;
    },

    getRequest(idSolicRec: string): SolicRec {
      const request = requests.get(idSolicRec);
      if (!request) throw notFound('SolicRecNaoEncontrada', 'Solicitação não encontrada.');
      return request;
    },

    /** PATCH /solicrec/{idSolicRec} {status: CANCELADA}: while not yet answered by the payer's bank. */
    cancelRequest(idSolicRec: string): SolicRec {
      const request = this.getRequest(idSolicRec);
      if (!['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(request.status)) {
        throw invalid(
          'SolicRecOperacaoInvalida',
          'Não é possível cancelar uma solicitação de recorrência com o status diferente de CRIADA, ENVIADA ou RECEBIDA.',
        );
      }
      request.status = 'CANCELADA';
      request.atualizacao.push({ status: 'CANCELADA', data: now().toISOString() });
      return request;
    },

    requestsOf: (idRec: string) => [...requests.values()].filter((request) => request.idRec === idRec),

    all: () => [...recs.values()],

    count: () => recs.size,
  };
}

export type Recurrences = ReturnType<typeof createRecurrences>;
