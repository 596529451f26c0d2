import { dynamicBrCode } from './br-code.ts';
import { createImmediateCharges } from './immediate-charges.ts';
import type { Ledger } from './ledger.ts';
import { type ListQuery, pageOf } from './listing.ts';
import { invalid, notFound, ProblemError } from './problems.ts';
import type { CobR, Rec, ReceiverAccount, Requester, SolicRec } from './recurrence-types.ts';
import { createRecurrences, RECEIVER_ISPB } from './recurrences.ts';
import { createRecurringCharges } from './recurring-charges.ts';
import type { Pix, Receiver } from './state-types.ts';
import type { WebhookDispatcher } from './webhooks.ts';

type WebhookRegistration = { webhookUrl: string; criacao: string };

/** The bank of the emulator's payers (an ISPB the SPI does not use). */
const PAYER_ISPB = '99999008';

/**
 * Pix Automático at the receiver's PSP: recurrences and their journeys, recurring charges and their attempts,
 * the immediate charge Jornada 3 pays, and the `webhookrec` / `webhookcobr` registrations and callbacks.
 */
export function createPixAutomatico(options: {
  receiver: Receiver;
  account: ReceiverAccount;
  locationHost: string;
  now: () => Date;
  ledger: Ledger;
  dispatcher: WebhookDispatcher;
  notifyPix: (pix: Pix) => void;
  schedule: (work: () => void) => void;
}) {
  const { receiver, now, dispatcher } = options;
  const webhooks: { rec?: WebhookRegistration; cobr?: WebhookRegistration } = {};
  const immediate = createImmediateCharges(receiver, options.locationHost, now);

  const recNotification = (rec: Rec) =>
    structuredClone({
      idRec: rec.idRec,
      status: rec.status,
      atualizacao: rec.atualizacao,
      ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
      ativacao: rec.ativacao,
    });
  const cobrNotification = (charge: CobR) => {
    const { idRec, txid, status, atualizacao, encerramento, tentativas, pix } = charge;
    return structuredClone({ idRec, txid, status, atualizacao, encerramento, tentativas, pix });
  };

  const recurrences = createRecurrences({
    receiver,
    locationHost: options.locationHost,
    now,
    onChange: (rec) => dispatcher.send(webhooks.rec?.webhookUrl, 'rec', { recs: [recNotification(rec)] }),
  });
  const charges = createRecurringCharges({
    receiver,
    account: options.account,
    now,
    recurrence: (idRec) => {
      try {
        return recurrences.get(idRec);
      } catch {
        return undefined;
      }
    },
    schedule: options.schedule,
    onChange: (charge) =>
      dispatcher.send(webhooks.cobr?.webhookUrl, 'cobr', { cobsr: [cobrNotification(charge)] }),
  });

  /** RecPayload: what the payer's bank shows of a recurrence. */
  const payloadOf = (rec: Rec) => ({
    idRec: rec.idRec,
    vinculo: rec.vinculo,
    calendario: rec.calendario,
    ...(rec.valor ? { valor: rec.valor } : {}),
    politicaRetentativa: rec.politicaRetentativa,
    recebedor: { cnpj: rec.recebedor.cnpj, nome: rec.recebedor.nome, ispbParticipante: RECEIVER_ISPB },
    atualizacao: rec.atualizacao,
  });
  const requestView = (request: SolicRec) => ({
    ...request,
    recPayload: payloadOf(recurrences.get(request.idRec)),
  });

  /**
   * GET /rec/{idRec}[?txid]: with its location, the QR that authorizes it (Jornada 2) or, given an immediate
   * charge's txid, the composite QR that pays that charge and authorizes it (Jornada 3). An unknown txid gets no
   * dadosQR: the operation declares no 400 answer for it.
   */
  function view(idRec: string, txid?: string) {
    const rec = recurrences.get(idRec);
    const requests = recurrences.requestsOf(idRec).map(requestView);
    const base = { ...rec, ...(requests.length ? { solicitacao: requests } : {}) };
    if (!rec.loc || rec.status !== 'CRIADA') return base;
    const merchant = { merchantName: receiver.nome, merchantCity: receiver.cidade };
    if (txid === undefined)
      return {
        ...base,
        dadosQR: {
          jornada: 'JORNADA_2',
          pixCopiaECola: dynamicBrCode({ ...merchant, recurrenceLocation: rec.loc.location }),
        },
      };
    let location: string;
    try {
      location = immediate.get(txid).location;
    } catch {
      return base;
    }
    const pixCopiaECola = dynamicBrCode({ ...merchant, location, recurrenceLocation: rec.loc.location });
    return { ...base, dadosQR: { jornada: 'JORNADA_3', pixCopiaECola } };
  }

  const debtorOf = (rec: Rec | undefined) =>
    rec?.vinculo.devedor as { cpf?: string; cnpj?: string } | undefined;

  /** GET /rec: by creation time, with the YAML's filters (RecCompletaPesquisada: no dadosQR). */
  function listRecurrences(query: ListQuery) {
    const page = pageOf(
      recurrences.all(),
      query,
      (rec) => rec.atualizacao[0]?.data ?? '',
      (rec) =>
        (!query.cpf || debtorOf(rec)?.cpf === query.cpf) &&
        (!query.cnpj || debtorOf(rec)?.cnpj === query.cnpj) &&
        (!query.status || rec.status === query.status) &&
        (query.locationPresente === undefined || Boolean(rec.loc) === query.locationPresente) &&
        (!query.convenio || rec.recebedor.convenio === query.convenio),
    );
    const recs = page.items.map((rec) => {
      const requests = recurrences.requestsOf(rec.idRec).map(requestView);
      return { ...rec, ...(requests.length ? { solicitacao: requests } : {}) };
    });
    return { parametros: page.parametros, recs };
  }

  /** GET /cobr: by creation time, of one recurrence, debtor or status. */
  function listCharges(query: ListQuery) {
    const recOf = (idRec: string) => {
      try {
        return recurrences.get(idRec);
      } catch {
        return undefined;
      }
    };
    const page = pageOf(
      charges.all(),
      query,
      (charge) => charge.atualizacao[0]?.data ?? '',
      (charge) =>
        (!query.idRec || charge.idRec === query.idRec) &&
        (!query.cpf || debtorOf(recOf(charge.idRec))?.cpf === query.cpf) &&
        (!query.cnpj || debtorOf(recOf(charge.idRec))?.cnpj === query.cnpj) &&
        (!query.status || charge.status === query.status) &&
        (!query.convenio || recOf(charge.idRec)?.recebedor.convenio === query.convenio),
    );
    return { parametros: page.parametros, cobsr: page.items };
  }

  function cancelRecurrence(idRec: string, solicitante: Requester) {
    const rec = recurrences.cancel(idRec, solicitante);
    charges.cancelOf(idRec, solicitante);
    return rec;
  }

  function register(kind: 'rec' | 'cobr', webhookUrl: string) {
    webhooks[kind] = { webhookUrl, criacao: webhooks[kind]?.criacao ?? now().toISOString() };
  }
  function registration(kind: 'rec' | 'cobr') {
    const webhook = webhooks[kind];
    if (!webhook) throw notFound('WebhookNaoEncontrado', 'Nenhum webhook cadastrado.');
    return webhook;
  }

  return {
    immediate,
    recurrences,
    charges,
    view,
    requestView,
    listRecurrences,
    listCharges,
    putWebhook: register,
    getWebhook: registration,
    deleteWebhook(kind: 'rec' | 'cobr') {
      registration(kind);
      delete webhooks[kind];
    },

    /** PATCH /rec/{idRec}: a cancellation also cancels its open charges. */
    revise(idRec: string, body: Parameters<typeof recurrences.revise>[1]) {
      const rec = recurrences.revise(idRec, body);
      if (body.status === 'CANCELADA') charges.cancelOf(idRec, 'USUARIO_RECEBEDOR');
      return rec;
    },

    /**
     * Sandbox: the payer authorizes in their bank. With Jornada 3's immediate charge they pay it at the same
     * time (a Pix to the key, its webhook); with an open /solicrec it was Jornada 1; otherwise the QR, Jornada 2.
     */
    approve(idRec: string, payer: { ispbParticipante?: string } = {}) {
      const rec = recurrences.get(idRec);
      if (rec.status !== 'CRIADA')
        throw invalid('RecOperacaoInvalida', 'Somente uma recorrência CRIADA pode ser aprovada.');
      const txid = rec.ativacao.dadosJornada?.txid;
      let journey: Rec['ativacao']['tipoJornada'] = 'JORNADA_2';
      if (txid) {
        const charge = immediate.get(txid);
        if (charge.status !== 'ATIVA')
          throw new ProblemError(409, 'CobrancaNaoAtiva', 'Cobrança não está ATIVA');
        const valor = charge.valor.original;
        const pix = options.ledger.receive({
          txid,
          valor,
          componentesValor: { original: { valor } },
          chave: charge.chave,
        });
        immediate.conclude(txid);
        options.notifyPix(pix);
        journey = 'JORNADA_3';
      } else if (recurrences.requestsOf(idRec).some((request) => request.status === 'CRIADA')) {
        journey = 'JORNADA_1';
      }
      const debtor = rec.vinculo.devedor;
      const document = 'cpf' in debtor ? { cpf: debtor.cpf } : { cnpj: debtor.cnpj };
      return recurrences.approve(
        idRec,
        { ispbParticipante: payer.ispbParticipante ?? PAYER_ISPB, ...document },
        journey,
      );
    },

    reject: (idRec: string) => recurrences.reject(idRec),
    /** Sandbox: the payer cancels the authorization in their bank; its open charges end with it. */
    cancelAsPayer: (idRec: string) => cancelRecurrence(idRec, 'USUARIO_PAGADOR'),
    expire: (idRec: string) => {
      const rec = recurrences.expire(idRec);
      charges.cancelOf(idRec, 'PSP_RECEBEDOR');
      return rec;
    },
  };
}

export type PixAutomatico = ReturnType<typeof createPixAutomatico>;
