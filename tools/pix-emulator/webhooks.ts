import { setTimeout as sleep } from 'node:timers/promises';
import { type Agent, request } from 'undici';
import type { Pix } from './state-types.ts';

/**
 * Delivers the PSP's callbacks — "{webhookUrl}/pix" with `{ pix: [...] }`, and Pix Automático's
 * "{webhookUrl}/rec" with `{ recs: [...] }` and "{webhookUrl}/cobr" with `{ cobsr: [...] }` — and misbehaves on
 * demand as real PSPs do: late (delayMs), lost (dropNext), twice (repeatNext), or held and then released in
 * another order. The behaviour is one for all three kinds, so a test can reorder a recurrence's and a charge's.
 */
export type WebhookBehaviour = { delayMs: number; dropNext: number; repeatNext: number; hold: boolean };

export type WebhookKind = 'pix' | 'rec' | 'cobr';
export type WebhookBody = { pix: Pix[] } | { recs: unknown[] } | { cobsr: unknown[] };

export type Delivery = {
  kind: WebhookKind;
  url: string;
  body: WebhookBody;
  outcome: 'pending' | 'held' | 'dropped' | 'delivered' | 'failed';
  status?: number;
  error?: string;
};

export function createWebhookDispatcher(
  agent: Agent,
  checkBody: (kind: WebhookKind, body: WebhookBody) => void,
) {
  const behaviour: WebhookBehaviour = { delayMs: 0, dropNext: 0, repeatNext: 0, hold: false };
  const deliveries: Delivery[] = [];
  const held: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();

  async function post(delivery: Delivery, delayMs: number) {
    if (delayMs > 0) await sleep(delayMs);
    try {
      const answer = await request(delivery.url, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(delivery.body),
      });
      await answer.body.dump();
      delivery.status = answer.statusCode;
      delivery.outcome = answer.statusCode >= 200 && answer.statusCode < 300 ? 'delivered' : 'failed';
    } catch (error) {
      delivery.outcome = 'failed';
      delivery.error = error instanceof Error ? error.message : String(error);
    }
  }

  function track(promise: Promise<void>) {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }

  function start(delivery: Delivery, delayMs: number) {
    delivery.outcome = 'pending';
    track(post(delivery, delayMs));
  }

  /** Posts one callback of this kind to `{webhookUrl}/{kind}` (nothing when no webhook is registered). */
  function send(webhookUrl: string | undefined, kind: WebhookKind, body: WebhookBody) {
    if (!webhookUrl) return;
    checkBody(kind, body);
    const copies = behaviour.repeatNext > 0 ? 2 : 1;
    if (behaviour.repeatNext > 0) behaviour.repeatNext -= 1;
    for (let copy = 0; copy < copies; copy += 1) {
      const url = `${webhookUrl.replace(/\/+$/, '')}/${kind}`;
      const delivery: Delivery = { kind, url, body, outcome: 'pending' };
      deliveries.push(delivery);
      if (behaviour.dropNext > 0) {
        behaviour.dropNext -= 1;
        delivery.outcome = 'dropped';
      } else if (behaviour.hold) {
        delivery.outcome = 'held';
        held.push(delivery);
      } else {
        start(delivery, behaviour.delayMs);
      }
    }
  }

  return {
    /** Posts the Pix to the webhook registered for their key (nothing when none is). */
    notify(webhookUrl: string | undefined, pix: Pix[]) {
      send(webhookUrl, 'pix', { pix });
    },

    send,

    configure(change: Partial<WebhookBehaviour>) {
      Object.assign(behaviour, change);
      return { ...behaviour };
    },

    /** Sends the held deliveries, in the order they were due or the reverse; stops holding. */
    release(order: 'sent' | 'reverse' = 'sent') {
      behaviour.hold = false;
      const queue = held.splice(0, held.length);
      if (order === 'reverse') queue.reverse();
      // One after another, so the receiver sees them in exactly this order.
      track(
        (async () => {
          for (const delivery of queue) await post(delivery, 0);
        })(),
      );
      return queue.length;
    },

    deliveries: () => deliveries,

    /** Resolves when every delivery under way has ended (tests wait on this, never on time). */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
