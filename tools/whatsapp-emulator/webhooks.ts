import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Account, SentMessage } from './cloud.ts';

/** Misbehaviour of the webhooks, on demand: late, lost, twice, or held and then released in another order. */
export type WebhookBehaviour = { delayMs: number; dropNext: number; repeatNext: number; hold: boolean };

export type Delivery = {
  url: string;
  body: string;
  outcome: 'pending' | 'held' | 'dropped' | 'delivered' | 'failed';
  /** More than one when a first try found no answer or a 5xx. */
  attempts?: number;
  status?: number;
  error?: string;
  /** How long the receiver took to answer the last try, in milliseconds (the bench's handler latency). */
  ms?: number;
};

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** What happens to messages to one recipient: the statuses go up to `until`, or the message fails with `failCode`. */
export type RecipientBehaviour = { until?: Exclude<StatusName, 'failed'>; failCode?: number };

const FAILURES: Record<number, { title: string; message: string }> = {
  131026: { title: 'Message undeliverable', message: 'Message undeliverable' },
  131049: {
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    message: 'This message was not delivered to maintain healthy ecosystem engagement.',
  },
  131047: { title: 'Re-engagement message', message: 'Re-engagement message' },
};

const RETRIES = 4;
const RETRY_DELAY_MS = 100;

/** `sha256=` and the hex HMAC-SHA256 of the raw body under the app secret, as Meta signs its webhooks. */
export function signatureOf(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

export function createWebhooks(deps: { checkBody: (body: unknown) => void; now: () => number }) {
  const behaviour: WebhookBehaviour = { delayMs: 0, dropNext: 0, repeatNext: 0, hold: false };
  const callbacks = new Map<string, string>();
  const recipients = new Map<string, RecipientBehaviour>();
  const deliveries: Delivery[] = [];
  const held: { delivery: Delivery; secret: string }[] = [];
  const inFlight = new Set<Promise<void>>();
  let statusStepMs = 10;
  /** Tries of a delivery that found no answer or a 5xx; Meta keeps trying for days, a bench across a restart. */
  let retries = RETRIES;

  async function attempt(delivery: Delivery, appSecret: string) {
    const started = performance.now();
    try {
      const answer = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signatureOf(delivery.body, appSecret),
        },
        body: delivery.body,
      });
      await answer.arrayBuffer();
      delivery.ms = performance.now() - started;
      delivery.status = answer.status;
      delivery.outcome = answer.ok ? 'delivered' : 'failed';
    } catch (error) {
      delivery.outcome = 'failed';
      delivery.error = error instanceof Error ? error.message : String(error);
    }
  }

  /**
   * Meta retries a delivery the receiver did not take; the emulator retries one that found no answer or a 5xx,
   * a few times and soon (a 4xx is the receiver's refusal, kept as it is). Losing one is `dropNext`'s job.
   */
  async function post(delivery: Delivery, appSecret: string, delayMs: number) {
    if (delayMs > 0) await sleep(delayMs);
    for (let tries = 1; ; tries += 1) {
      await attempt(delivery, appSecret);
      const isRetryable = delivery.outcome === 'failed' && (delivery.status ?? 500) >= 500;
      if (!isRetryable || tries >= retries) return;
      delivery.attempts = tries + 1;
      await sleep(RETRY_DELAY_MS * tries);
    }
  }

  function track(promise: Promise<void>) {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }

  /**
   * Posts one change to the account's callback; resolves when the deliveries it started have ended. A body
   * that breaks the YAML throws at once, to the caller.
   */
  function send(account: Account, value: Record<string, unknown>): Promise<void> {
    const url = callbacks.get(account.wabaId);
    if (!url) return Promise.resolve();
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: account.displayPhoneNumber.replace(/\D/g, ''),
                  phone_number_id: account.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    };
    deps.checkBody(payload);
    const body = JSON.stringify(payload);
    const copies = behaviour.repeatNext > 0 ? 2 : 1;
    if (behaviour.repeatNext > 0) behaviour.repeatNext -= 1;
    const started: Promise<void>[] = [];
    for (let copy = 0; copy < copies; copy += 1) {
      const delivery: Delivery = { url, body, outcome: 'pending' };
      deliveries.push(delivery);
      if (behaviour.dropNext > 0) {
        behaviour.dropNext -= 1;
        delivery.outcome = 'dropped';
      } else if (behaviour.hold) {
        delivery.outcome = 'held';
        held.push({ delivery, secret: account.appSecret });
      } else {
        const posted = post(delivery, account.appSecret, behaviour.delayMs);
        track(posted);
        started.push(posted);
      }
    }
    return Promise.all(started).then(() => undefined);
  }

  function statusValue(message: SentMessage, status: StatusName, failCode?: number) {
    const failure = failCode === undefined ? undefined : (FAILURES[failCode] ?? FAILURES[131026]);
    const category = message.template.category.toLowerCase();
    return {
      statuses: [
        {
          id: message.id,
          status,
          timestamp: String(Math.floor(deps.now() / 1000)),
          recipient_id: message.waId,
          ...(status === 'failed'
            ? {
                errors: [
                  {
                    code: failCode,
                    title: failure?.title,
                    message: failure?.message,
                    error_data: { details: failure?.message },
                  },
                ],
              }
            : { pricing: { billable: true, pricing_model: 'PMP', category } }),
        },
      ],
    };
  }

  return {
    /**
     * Registers a WABA's callback the way Meta does: a GET with hub.mode=subscribe, the verify token and a
     * challenge, which the callback must answer with the challenge itself (200). Answers whether it did.
     */
    async register(account: Account, url: string, verifyToken: string): Promise<boolean> {
      const challenge = randomBytes(8).readBigUInt64BE().toString();
      const probe = new URL(url);
      probe.searchParams.set('hub.mode', 'subscribe');
      probe.searchParams.set('hub.verify_token', verifyToken);
      probe.searchParams.set('hub.challenge', challenge);
      try {
        const answer = await fetch(probe);
        const text = await answer.text();
        if (answer.status !== 200 || text.trim() !== challenge) return false;
      } catch {
        return false;
      }
      callbacks.set(account.wabaId, url);
      return true;
    },
    callbackOf: (account: Account) => callbacks.get(account.wabaId),
    /** Sets a callback without the handshake (tests of the receiving side). */
    setCallback(account: Account, url: string | null) {
      if (url) callbacks.set(account.wabaId, url);
      else callbacks.delete(account.wabaId);
    },

    /** sent → delivered → read (or failed), one webhook each, `statusStepMs` apart. */
    statusesOf(message: SentMessage) {
      const plan = recipients.get(message.to) ?? recipients.get(message.waId) ?? {};
      const steps: [StatusName, number?][] =
        plan.failCode === undefined
          ? (['sent', 'delivered', 'read'] as const)
              .slice(0, ['sent', 'delivered', 'read'].indexOf(plan.until ?? 'read') + 1)
              .map((status) => [status])
          : [['failed', plan.failCode]];
      // One after another, as Meta sends a message's statuses: out of order only when asked (hold, release).
      track(
        (async () => {
          for (const [status, code] of steps) {
            await sleep(statusStepMs);
            await send(message.account, statusValue(message, status, code));
          }
        })(),
      );
    },

    /** A customer writes to the business (e.g. "SAIR"). */
    inbound(account: Account, input: { from: string; text: string; name?: string }) {
      const id = `wamid.${randomBytes(24).toString('base64url')}`;
      void send(account, {
        contacts: [{ profile: { name: input.name ?? 'Cliente' }, wa_id: input.from }],
        messages: [
          {
            from: input.from,
            id,
            timestamp: String(Math.floor(deps.now() / 1000)),
            type: 'text',
            text: { body: input.text },
          },
        ],
      });
      return id;
    },

    configure(change: Partial<WebhookBehaviour> & { statusStepMs?: number; retries?: number }) {
      const { statusStepMs: step, retries: tries, ...rest } = change;
      if (step !== undefined) statusStepMs = step;
      if (tries !== undefined) retries = tries;
      Object.assign(behaviour, rest);
      return { ...behaviour, statusStepMs, retries };
    },
    recipient(number: string, plan: RecipientBehaviour | null) {
      const key = number.replace(/\D/g, '');
      if (plan) recipients.set(key, plan);
      else recipients.delete(key);
    },
    /** Sends the held deliveries in the order they were due, or the reverse; stops holding. */
    release(order: 'sent' | 'reverse' = 'sent') {
      behaviour.hold = false;
      const queue = held.splice(0, held.length);
      if (order === 'reverse') queue.reverse();
      track(
        (async () => {
          for (const { delivery, secret } of queue) await post(delivery, secret, 0);
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

export type Webhooks = ReturnType<typeof createWebhooks>;
