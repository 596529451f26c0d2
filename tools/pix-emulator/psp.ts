import { toAmount, toCents } from './amounts.ts';
import { type Charges, createCharges } from './charges.ts';
import { createLedger, type Ledger } from './ledger.ts';
import { createPixAutomatico } from './pix-automatico.ts';
import { invalid, notFound, ProblemError } from './problems.ts';
import type { ReceiverAccount } from './recurrence-types.ts';
import type { Charge, Pix, Receiver, Webhook } from './state-types.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export type PaymentOptions = {
  /** Another amount than the charge's ("12.34"): a customer who paid too little or too much. */
  valor?: string;
  /** Pays the charge's first fixed-date discount (modalidade 1 fixed amount, 2 percent), as paying early does. */
  comDesconto?: boolean;
  infoPagador?: string;
  horario?: string;
};

/** The amount of the first fixed-date discount of a charge, in cents (0 when it has none). */
function discountCents(charge: Charge): number {
  const desconto = charge.valor.desconto;
  const first = desconto?.descontoDataFixa?.[0];
  if (!desconto || !first) return 0;
  const original = toCents(charge.valor.original);
  return desconto.modalidade === 2
    ? Math.round((original * toCents(first.valorPerc)) / 10_000)
    : toCents(first.valorPerc);
}

/** The PSP's in-memory account of one receiver: charges, received Pix, refunds and the registered webhooks. */
export function createPsp(options: {
  receiver: Receiver;
  locationHost: string;
  dispatcher: WebhookDispatcher;
  /** Refunds settle by themselves after this delay; null: only on command (sandbox.settleRefund). */
  refundSettleMs: number | null;
  /** The receiver's account that recurring charges credit (a recurring charge names it). */
  account: ReceiverAccount;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  const charges: Charges = createCharges(options.receiver, options.locationHost, now);
  const ledger: Ledger = createLedger(now);
  const webhooks = new Map<string, Webhook>();
  const timers = new Set<NodeJS.Timeout>();
  let refundSettleMs = options.refundSettleMs;

  const notify = (pix: Pix) => {
    // The spec's callback: only Pix with a txid, to the webhook of the key they were paid to.
    if (pix.txid) options.dispatcher.notify(webhooks.get(pix.chave)?.webhookUrl, [structuredClone(pix)]);
  };

  const automatico = createPixAutomatico({
    receiver: options.receiver,
    account: options.account,
    locationHost: options.locationHost,
    now,
    ledger,
    dispatcher: options.dispatcher,
    notifyPix: notify,
    // The payer's bank answers a scheduling a moment after the PSP took it (the SPI is asynchronous).
    schedule(work) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        try {
          work();
        } catch (error) {
          console.error('pix-emulator: scheduling a recurring charge', error);
        }
      }, 0);
      timers.add(timer);
    },
  });

  function settleRefund(e2eid: string, id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO' = 'DEVOLVIDO') {
    const before = ledger.getRefund(e2eid, id).status;
    const { pix, refund } = ledger.settleRefund(e2eid, id, status);
    if (before === 'EM_PROCESSAMENTO') notify(pix);
    return refund;
  }

  return {
    receiver: options.receiver,
    account: options.account,
    charges,
    ledger,
    automatico,

    /** From now on refunds settle by themselves after `ms` (0: as soon as asked); null: only on command. */
    settleRefundsAfter(ms: number | null) {
      refundSettleMs = ms;
    },

    requestRefund(e2eid: string, id: string, body: { valor: string; natureza?: string; descricao?: string }) {
      const refund = ledger.requestRefund(e2eid, id, body);
      if (refundSettleMs !== null) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          try {
            settleRefund(e2eid, id);
          } catch (error) {
            // A webhook that breaks the YAML is already in `violations`; a timer must not end the process.
            console.error('pix-emulator: settling refund', id, error);
          }
        }, refundSettleMs);
        timers.add(timer);
      }
      return refund;
    },

    putWebhook(chave: string, webhookUrl: string): void {
      if (chave !== options.receiver.chave) {
        throw invalid('WebhookOperacaoInvalida', 'A chave não pertence a este usuário recebedor.', [
          { razao: 'chave de outro usuário recebedor', propriedade: 'chave', valor: chave },
        ]);
      }
      const criacao = webhooks.get(chave)?.criacao ?? now().toISOString();
      webhooks.set(chave, { webhookUrl, chave, cnpj: options.receiver.cnpj, criacao });
    },

    getWebhook(chave: string): Webhook {
      const webhook = webhooks.get(chave);
      if (!webhook) throw notFound('WebhookNaoEncontrado', 'Nenhum webhook cadastrado para esta chave.');
      return webhook;
    },

    deleteWebhook(chave: string): void {
      if (!webhooks.delete(chave))
        throw notFound('WebhookNaoEncontrado', 'Nenhum webhook cadastrado para esta chave.');
    },

    /** Sandbox: the customer pays charge {txid}: a Pix arrives, the charge is CONCLUIDA, the webhook is posted. */
    pay(txid: string, payment: PaymentOptions = {}): Pix {
      const charge = charges.get(txid);
      if (charge.status !== 'ATIVA')
        throw new ProblemError(409, 'CobrancaNaoAtiva', 'Cobrança não está ATIVA');
      const original = toCents(charge.valor.original);
      const discount = payment.comDesconto ? discountCents(charge) : 0;
      const paid = payment.valor ?? toAmount(original - discount);
      const pix = ledger.receive({
        txid,
        valor: paid,
        componentesValor: {
          original: { valor: charge.valor.original },
          ...(discount ? { desconto: { valor: toAmount(discount) } } : {}),
        },
        chave: charge.chave,
        ...(payment.horario ? { horario: payment.horario } : {}),
        ...(payment.infoPagador ? { infoPagador: payment.infoPagador } : {}),
      });
      charges.conclude(txid);
      notify(pix);
      return pix;
    },

    /** Sandbox: a Pix received without a charge (a static code, a transfer to the key); no webhook for it. */
    receivePix(input: { valor: string; txid?: string; horario?: string; infoPagador?: string }): Pix {
      return ledger.receive({ ...input, chave: options.receiver.chave });
    },

    settleRefund,

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Psp = ReturnType<typeof createPsp>;
