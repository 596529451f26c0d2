import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiFaults } from './api.ts';
import type { OAuth } from './oauth.ts';
import { ProblemError } from './problems.ts';
import type { PaymentOptions, Psp } from './psp.ts';
import type { WebhookBehaviour, WebhookDispatcher } from './webhooks.ts';

const AMOUNT = z.string().regex(/^\d{1,10}\.\d{2}$/);

/**
 * What a test or the demo does to the PSP that is not the standard's: the customer paying, money arriving,
 * refunds settling, and misbehaviour. The same functions in process (`emulator.sandbox`) and over https
 * under /__sandbox/ (for the demo and for anything outside the test process).
 */
export function createSandbox(deps: {
  psp: Psp;
  oauth: OAuth;
  faults: ApiFaults;
  dispatcher: WebhookDispatcher;
}) {
  const { psp, oauth, faults, dispatcher } = deps;
  return {
    /** The customer pays charge {txid} (a different amount, or with its discount): Pix, CONCLUIDA, webhook. */
    pay: (txid: string, payment?: PaymentOptions) => psp.pay(txid, payment),
    /** A Pix arrives without a charge (for GET /pix paging, reconciliation). */
    receivePix: (input: { valor: string; txid?: string; horario?: string; infoPagador?: string }) =>
      psp.receivePix(input),
    /** Refunds asked from now on settle by themselves after `ms` (0: at once), or only on command (null). */
    settleRefundsAfter: (ms: number | null) => psp.settleRefundsAfter(ms),
    /** A refund reaches its final status now, and its webhook is posted. */
    settleRefund: (e2eid: string, id: string, status?: 'DEVOLVIDO' | 'NAO_REALIZADO') =>
      psp.settleRefund(e2eid, id, status),
    /** Pix Automático, as the payer: authorize (paying Jornada 3's charge with it), refuse, or cancel later. */
    approveRecurrence: (idRec: string, payer?: { ispbParticipante?: string }) =>
      psp.automatico.approve(idRec, payer),
    rejectRecurrence: (idRec: string) => psp.automatico.reject(idRec),
    cancelRecurrenceAsPayer: (idRec: string) => psp.automatico.cancelAsPayer(idRec),
    /** A recurrence never authorized ends (the payer's bank let its request lapse). */
    expireRecurrence: (idRec: string) => psp.automatico.expire(idRec),
    /** The scheduled debit of a recurring charge, on its date: settled (Pix, CONCLUIDA) or failed (a code). */
    settleRecurringCharge: (txid: string) => psp.automatico.charges.settle(txid),
    failRecurringCharge: (txid: string, codigo?: string) => psp.automatico.charges.fail(txid, codigo),
    /** The next `count` API calls answer `status` (429, 500, 503...), with Retry-After when given. */
    failNext(count: number, status: number, retryAfterSeconds?: number) {
      faults.failures = { remaining: count, status, retryAfterSeconds };
    },
    /** The next `count` API calls answer `ms` later. */
    delayNext(count: number, ms: number) {
      faults.delays = { remaining: count, ms };
    },
    /** Webhooks: delayMs, dropNext, repeatNext, hold (then `releaseWebhooks`). */
    webhooks: (change: Partial<WebhookBehaviour>) => dispatcher.configure(change),
    releaseWebhooks: (order?: 'sent' | 'reverse') => dispatcher.release(order),
    deliveries: () => dispatcher.deliveries(),
    webhooksIdle: () => dispatcher.idle(),
    /** Every token issued so far stops working (the next API call answers 401). */
    expireTokens: () => oauth.expireAll(),
    counts: () => ({
      charges: psp.charges.count(),
      pix: psp.ledger.count(),
      tokensIssued: oauth.issued(),
      recurrences: psp.automatico.recurrences.count(),
      recurringCharges: psp.automatico.charges.count(),
    }),
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;

const PayBody = z.object({
  valor: AMOUNT.optional(),
  comDesconto: z.boolean().optional(),
  infoPagador: z.string().max(140).optional(),
});
const PixBody = z.object({
  valor: AMOUNT,
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  infoPagador: z.string().max(140).optional(),
});
const FailuresBody = z.object({
  count: z.number().int().min(0),
  status: z.number().int().min(400).max(599),
  retryAfterSeconds: z.number().int().min(0).optional(),
});
const DelaysBody = z.object({ count: z.number().int().min(0), ms: z.number().int().min(0).max(120_000) });
const WebhooksBody = z.object({
  delayMs: z.number().int().min(0).max(120_000).optional(),
  dropNext: z.number().int().min(0).optional(),
  repeatNext: z.number().int().min(0).optional(),
  hold: z.boolean().optional(),
});
const ApproveBody = z.object({
  ispbParticipante: z
    .string()
    .regex(/^[0-9A-Z]{8}$/)
    .optional(),
});
const FailBody = z.object({
  codigo: z
    .string()
    .regex(/^[A-Z0-9]{4}$/)
    .optional(),
});
const ReleaseBody = z.object({ order: z.enum(['sent', 'reverse']).optional() });
const SettleBody = z.object({ status: z.enum(['DEVOLVIDO', 'NAO_REALIZADO']).optional() });

/** The control API over https (same mutual TLS as the API). Bodies are JSON; an empty body is {}. */
export function createSandboxRoutes(sandbox: Sandbox) {
  const routes = new Hono();
  const read = async <T>(request: Request, schema: z.ZodType<T>): Promise<T> => {
    const text = await request.text();
    const parsed = schema.safeParse(text ? JSON.parse(text) : {});
    if (!parsed.success)
      throw new ProblemError(400, 'RequisicaoInvalida', 'Requisição inválida', z.prettifyError(parsed.error));
    return parsed.data;
  };
  routes.onError((error, c) => {
    if (error instanceof ProblemError) return c.json(error.problem, error.problem.status as 400);
    if (error instanceof SyntaxError) return c.json({ title: 'O corpo não é JSON', status: 400 }, 400);
    throw error;
  });

  routes.post('/charges/:txid/pay', async (c) =>
    c.json(sandbox.pay(c.req.param('txid'), await read(c.req.raw, PayBody)), 201),
  );
  routes.post('/pix', async (c) => c.json(sandbox.receivePix(await read(c.req.raw, PixBody)), 201));
  routes.post('/refunds/:e2eid/:id/settle', async (c) => {
    const { status } = await read(c.req.raw, SettleBody);
    return c.json(sandbox.settleRefund(c.req.param('e2eid'), c.req.param('id'), status));
  });
  routes.post('/recurrences/:idRec/approve', async (c) => {
    const payer = await read(c.req.raw, ApproveBody);
    return c.json(sandbox.approveRecurrence(c.req.param('idRec'), payer));
  });
  routes.post('/recurrences/:idRec/reject', (c) => c.json(sandbox.rejectRecurrence(c.req.param('idRec'))));
  routes.post('/recurrences/:idRec/cancel', (c) =>
    c.json(sandbox.cancelRecurrenceAsPayer(c.req.param('idRec'))),
  );
  routes.post('/recurrences/:idRec/expire', (c) => c.json(sandbox.expireRecurrence(c.req.param('idRec'))));
  routes.post('/recurring-charges/:txid/settle', (c) =>
    c.json(sandbox.settleRecurringCharge(c.req.param('txid'))),
  );
  routes.post('/recurring-charges/:txid/fail', async (c) => {
    const { codigo } = await read(c.req.raw, FailBody);
    return c.json(sandbox.failRecurringCharge(c.req.param('txid'), codigo));
  });
  routes.post('/failures', async (c) => {
    const { count, status, retryAfterSeconds } = await read(c.req.raw, FailuresBody);
    sandbox.failNext(count, status, retryAfterSeconds);
    return c.body(null, 204);
  });
  routes.post('/delays', async (c) => {
    const { count, ms } = await read(c.req.raw, DelaysBody);
    sandbox.delayNext(count, ms);
    return c.body(null, 204);
  });
  routes.put('/webhooks', async (c) => c.json(sandbox.webhooks(await read(c.req.raw, WebhooksBody))));
  routes.post('/webhooks/release', async (c) => {
    const { order } = await read(c.req.raw, ReleaseBody);
    return c.json({ released: sandbox.releaseWebhooks(order) });
  });
  routes.get('/webhooks/deliveries', (c) => c.json(sandbox.deliveries()));
  routes.post('/tokens/expire', (c) => {
    sandbox.expireTokens();
    return c.body(null, 204);
  });
  routes.get('/counts', (c) => c.json(sandbox.counts()));
  return routes;
}
