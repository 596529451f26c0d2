import { z } from 'zod';
import { WHATSAPP_STATUSES } from './whatsapp.ts';

/**
 * The rules of sending the events' messages through the Cloud API (issue #32, decision 052): the number's
 * messaging limit, Meta's per-recipient pacing, and the backoff of a failed attempt. Pure, so the job, the
 * bench and the tests read the same numbers.
 */

/** A queued send: waiting (PENDING), in flight (SENDING), accepted by Meta (SENT), given up (FAILED). */
export const WHATSAPP_SEND_STATES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
export type WhatsAppSendState = (typeof WHATSAPP_SEND_STATES)[number];

/**
 * Unique recipients a number may start conversations with in a rolling 24 hours, by Meta's tier name
 * (`messaging_limit_tier` of the phone number). Null: unlimited.
 */
export const WHATSAPP_TIER_LIMITS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

/** A tier we do not know (not reported yet, a new name) is read as a new business's, the most careful. */
export function tierLimitOf(tier: string | null): number | null {
  if (tier === null) return 250;
  return tier in WHATSAPP_TIER_LIMITS ? (WHATSAPP_TIER_LIMITS[tier] ?? null) : 250;
}

export const RECIPIENT_WINDOW_MS = 24 * 3_600_000;

/**
 * Whether one more message may go to this recipient now: someone messaged in the last 24 hours costs nothing
 * more of the limit; a new one only while the count is under it.
 */
export function isWithinTier(input: {
  tier: string | null;
  isRecentRecipient: boolean;
  recentRecipients: number;
}): boolean {
  const limit = tierLimitOf(input.tier);
  return input.isRecentRecipient || limit === null || input.recentRecipients < limit;
}

/**
 * Meta's pair rate limit: about one message every 6 seconds to the same person (error 131056 past it). A
 * second message to someone waits until then instead of failing.
 */
export const PAIR_PACING_MS = 6_000;

/** When the next message to a recipient last messaged at `lastSentAt` may go (now, if it may). */
export function pairPacedAt(lastSentAt: Date | null, now: Date): Date {
  if (!lastSentAt) return now;
  const next = lastSentAt.getTime() + PAIR_PACING_MS;
  return next > now.getTime() ? new Date(next) : now;
}

/** Attempts of one message before it falls back to the outbox; the waits double from the base to the cap. */
export const SEND_BACKOFF = { baseMs: 30_000, capMs: 30 * 60_000, maxAttempts: 6 } as const;

/**
 * The wait before attempt `attempts + 1` after a transient failure (429, 5xx, network): exponential from the
 * base, capped, with half of it random ("equal jitter") so many messages refused at once do not come back at
 * once; never shorter than Meta's Retry-After. `random` in [0, 1).
 */
export function backoffDelayMs(attempts: number, random: number, retryAfterSeconds?: number): number {
  const exponential = Math.min(SEND_BACKOFF.capMs, SEND_BACKOFF.baseMs * 2 ** Math.max(0, attempts - 1));
  const delay = Math.round(exponential / 2 + (exponential / 2) * random);
  return Math.max(delay, (retryAfterSeconds ?? 0) * 1000);
}

export function hasAttemptsLeft(attempts: number): boolean {
  return attempts < SEND_BACKOFF.maxAttempts;
}

/**
 * A send left SENDING by a process that died mid-call: after this long (past the client's 15 s timeout, and
 * time for Meta's `sent` webhook) it is settled — adopted if a status of an unknown message to its recipient
 * came, else sent again.
 */
export const SENDING_LEASE_MS = 30_000;

/** A message's WhatsApp status as the events screen and the customer's Messages tab show it. */
export const EventWhatsAppStatus = z.object({
  /** `queued`: waiting for its turn (pacing, tier, backoff). */
  status: z.enum(['queued', ...WHATSAPP_STATUSES]),
  errorCode: z.number().int().nullable(),
  errorTitle: z.string().nullable(),
  at: z.string(),
});
export type EventWhatsAppStatus = z.infer<typeof EventWhatsAppStatus>;

/** Statuses Meta may still move (a screen keeps asking while one shows): not yet read, not failed. */
export function hasUnsettledWhatsApp(
  messages: readonly { whatsApp?: EventWhatsAppStatus | null }[],
): boolean {
  return messages.some(
    (message) =>
      message.whatsApp && message.whatsApp.status !== 'read' && message.whatsApp.status !== 'failed',
  );
}
