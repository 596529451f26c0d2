import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiFaults } from './api.ts';
import type { Account, Cloud } from './cloud.ts';
import type { Webhooks } from './webhooks.ts';

/**
 * What a test or the demo does to the Cloud API that is not Meta's API: a customer writing in, template reviews,
 * and misbehaviour. The same functions in process (`emulator.sandbox`) and over http under /__sandbox/.
 */
export function createSandbox(deps: { cloud: Cloud; webhooks: Webhooks; faults: ApiFaults; first: Account }) {
  const { cloud, webhooks, faults, first } = deps;
  const accountOf = (phoneNumberId?: string) => (phoneNumberId ? cloud.account(phoneNumberId) : first);
  return {
    /** A customer's message to the business number, e.g. "SAIR" (wa_id: their WhatsApp id, digits). */
    inbound: (input: { from: string; text: string; name?: string; phoneNumberId?: string }) =>
      webhooks.inbound(accountOf(input.phoneNumberId), input),
    rejectTemplate: (name: string, reason: string) => cloud.rejectTemplate(name, reason),
    reviewTemplates: () => cloud.reviewNow(),
    /**
     * The next `count` API calls answer this status (429: Meta's 130429; 5xx: 131000); with `messagesOnly`,
     * the next `count` sends.
     */
    failNext(count: number, status: number, options: { messagesOnly?: boolean } = {}) {
      faults.failures = { remaining: count, status, ...options };
    },
    /**
     * The next `count` calls wait `ms`; with `afterAnswer`, they are carried out first and only answered late;
     * with `messagesOnly`, only sends, after `skip` of them.
     */
    delayNext(
      count: number,
      ms: number,
      options: { afterAnswer?: boolean; messagesOnly?: boolean; skip?: number } = {},
    ) {
      faults.delays = { remaining: count, ms, ...options };
    },
    webhooks: (change: Parameters<Webhooks['configure']>[0]) => webhooks.configure(change),
    releaseWebhooks: (order: 'sent' | 'reverse' = 'sent') => webhooks.release(order),
    /** Messages to this number stop at a status, or fail with Meta's code (131026 undeliverable…). */
    recipient: (number: string, plan: Parameters<Webhooks['recipient']>[1]) =>
      webhooks.recipient(number, plan),
    setTier(tier: number, phoneNumberId?: string) {
      accountOf(phoneNumberId).tier = tier;
    },
    setCallback: (url: string | null, phoneNumberId?: string) =>
      webhooks.setCallback(accountOf(phoneNumberId), url),
    /** The callback registered for the account's business account, if any. */
    callback: (phoneNumberId?: string) => webhooks.callbackOf(accountOf(phoneNumberId)) ?? null,
    deliveries: () => webhooks.deliveries(),
    messages: () =>
      cloud.messages().map((message) => ({
        id: message.id,
        to: message.to,
        waId: message.waId,
        template: message.template.name,
        language: message.template.language,
        text: message.text,
        phoneNumberId: message.account.phoneNumberId,
      })),
    idle: () => webhooks.idle(),
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;

const Inbound = z.object({
  from: z.string().regex(/^\d{8,15}$/),
  text: z.string().min(1),
  name: z.string().optional(),
  phoneNumberId: z.string().optional(),
});
const Failures = z.object({
  count: z.number().int().min(0),
  status: z.number().int().min(400).max(599),
  messagesOnly: z.boolean().optional(),
});
const Behaviour = z.object({
  delayMs: z.number().int().min(0).optional(),
  dropNext: z.number().int().min(0).optional(),
  repeatNext: z.number().int().min(0).optional(),
  hold: z.boolean().optional(),
  statusStepMs: z.number().int().min(0).optional(),
  retries: z.number().int().min(1).max(100).optional(),
});
const Recipient = z.object({
  until: z.enum(['sent', 'delivered', 'read']).optional(),
  failCode: z.number().int().optional(),
});

export function createSandboxRoutes(sandbox: Sandbox) {
  const routes = new Hono();
  routes.onError((error, c) =>
    c.json({ error: error instanceof z.ZodError ? error.issues : String(error) }, 400),
  );
  routes.post('/inbound', async (c) => c.json({ id: sandbox.inbound(Inbound.parse(await c.req.json())) }));
  routes.post('/templates/review', (c) => {
    sandbox.reviewTemplates();
    return c.json({ ok: true });
  });
  routes.post('/templates/:name/reject', async (c) => {
    const { reason } = z.object({ reason: z.string().min(1) }).parse(await c.req.json());
    sandbox.rejectTemplate(c.req.param('name'), reason);
    return c.json({ ok: true });
  });
  routes.post('/failures', async (c) => {
    const { count, status, messagesOnly } = Failures.parse(await c.req.json());
    sandbox.failNext(count, status, { messagesOnly });
    return c.json({ ok: true });
  });
  routes.put('/webhooks', async (c) => c.json(sandbox.webhooks(Behaviour.parse(await c.req.json()))));
  routes.post('/webhooks/release', async (c) => {
    const { order } = z
      .object({ order: z.enum(['sent', 'reverse']).default('sent') })
      .parse(await c.req.json());
    return c.json({ released: sandbox.releaseWebhooks(order) });
  });
  routes.put('/recipients/:number', async (c) => {
    sandbox.recipient(c.req.param('number'), Recipient.parse(await c.req.json()));
    return c.json({ ok: true });
  });
  routes.get('/messages', (c) => c.json(sandbox.messages()));
  routes.get('/webhooks/deliveries', (c) => c.json(sandbox.deliveries()));
  return routes;
}
