import { z } from 'zod';
import { LANGUAGES, type Language } from './preferences.ts';
import { V } from './validation.ts';

/**
 * The waitlist of a full session (issue #18; docs/decisions/024): when a seat frees, the first person
 * waiting is offered it and holds it for the organization's hold time; then the next one.
 */

/**
 * WAITING in line; OFFERED holds a seat until the offer's expiry; then ACCEPTED (on the roster), DECLINED,
 * EXPIRED (the time ran out, or the session started) or REMOVED (by staff). Only WAITING and OFFERED are
 * active: a customer has at most one active entry per session.
 */
export const WAITLIST_ENTRY_STATES = [
  'WAITING',
  'OFFERED',
  'ACCEPTED',
  'DECLINED',
  'EXPIRED',
  'REMOVED',
] as const;
export type WaitlistEntryState = (typeof WAITLIST_ENTRY_STATES)[number];
export const ACTIVE_WAITLIST_STATES = ['WAITING', 'OFFERED'] as const satisfies readonly WaitlistEntryState[];

/** Hold time in minutes: at least a quarter of an hour, at most two days. */
export const WAITLIST_HOLD_MINUTES = { min: 15, max: 2880 } as const;

/** PUT /waitlist-settings: the hold time and the language offers are written in. */
export const WaitlistSettingsInput = z.object({
  holdMinutes: z
    .number(V.outOfRange)
    .int(V.outOfRange)
    .min(WAITLIST_HOLD_MINUTES.min, V.outOfRange)
    .max(WAITLIST_HOLD_MINUTES.max, V.outOfRange),
  /** The organization has no language of its own; its customers read the offers in this one. */
  messageLanguage: z.enum(LANGUAGES, V.required),
});
export type WaitlistSettings = z.infer<typeof WaitlistSettingsInput>;
export const WaitlistSettings = WaitlistSettingsInput;

/** Two hours, in Portuguese: the studios are in Brazil. */
export const DEFAULT_WAITLIST_SETTINGS: WaitlistSettings = { holdMinutes: 120, messageLanguage: 'pt_BR' };

const MINUTE_MS = 60_000;

/** Offers are made only for an active session that has not started. */
export function canOffer(session: { isActive: boolean; startsAt: Date }, now: Date): boolean {
  return session.isActive && now.getTime() < session.startsAt.getTime();
}

/**
 * An offer holds the seat for the hold time, elapsed (a daylight-saving jump neither adds nor takes an
 * hour), and never past the session's start.
 */
export function offerExpiry(offeredAt: Date, holdMinutes: number, sessionStartsAt: Date): Date {
  const held = offeredAt.getTime() + holdMinutes * MINUTE_MS;
  return new Date(Math.min(held, sessionStartsAt.getTime()));
}

/** An offer stands until its expiry instant, exclusive: at the expiry itself it has expired. */
export function isOfferLive(entry: { state: WaitlistEntryState; offerExpiresAt: Date | null }, now: Date) {
  return (
    entry.state === 'OFFERED' &&
    entry.offerExpiresAt !== null &&
    now.getTime() < entry.offerExpiresAt.getTime()
  );
}

/** The state as of `now`: an offer past its time reads EXPIRED even before the job writes it. */
export function effectiveState(
  entry: { state: WaitlistEntryState; offerExpiresAt: Date | null },
  now: Date,
): WaitlistEntryState {
  return entry.state === 'OFFERED' && !isOfferLive(entry, now) ? 'EXPIRED' : entry.state;
}

type Candidate = { id: string; customerId: string; state: WaitlistEntryState; position: number };

/**
 * Who is offered `seats` freed seats: the first WAITING entries by position (then id), one seat each. A
 * customer has one active entry per session, so two seats never go to the same person.
 */
export function nextToOffer<T extends Candidate>(entries: readonly T[], seats: number): T[] {
  if (seats <= 0) return [];
  const waiting = entries
    .filter((entry) => entry.state === 'WAITING')
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const chosen: T[] = [];
  const customers = new Set<string>();
  for (const entry of waiting) {
    if (chosen.length === seats) break;
    if (customers.has(entry.customerId)) continue;
    customers.add(entry.customerId);
    chosen.push(entry);
  }
  return chosen;
}

/** A reorder names exactly the entries waiting now, each once; otherwise another tab changed the list. */
export function isSameWaitingSet(current: readonly string[], proposed: readonly string[]): boolean {
  if (current.length !== proposed.length) return false;
  const wanted = new Set(proposed);
  return wanted.size === proposed.length && current.every((id) => wanted.has(id));
}

const uuid = z.uuid(V.required).transform((id) => id.toLowerCase());
const distinct = (ids: string[]) => new Set(ids).size === ids.length;

/** POST …/waitlist: customers join at the end of the line, in this order; all or none. */
export const AddToWaitlistInput = z.object({
  customerIds: z
    .array(uuid, V.customersRequired)
    .min(1, V.customersRequired)
    .max(20, V.max)
    .refine(distinct, V.duplicateCustomer),
});
export type AddToWaitlistInput = z.input<typeof AddToWaitlistInput>;

/** PUT …/waitlist/order: every WAITING entry's id, first in line first. */
export const ReorderWaitlistInput = z.object({
  entryIds: z.array(uuid, V.required).max(500, V.max).refine(distinct, V.format),
});
export type ReorderWaitlistInput = z.input<typeof ReorderWaitlistInput>;

/** The WhatsApp message of a standing offer, for the member to open (decision 016: click-to-chat). */
export const WaitlistOfferMessage = z.object({ messageId: z.string(), link: z.string(), status: z.string() });

export const WaitlistEntry = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  phone: z.string().nullable(),
  state: z.enum(WAITLIST_ENTRY_STATES),
  /** 1 = first in line; null once the entry left the line (accepted, declined, expired, removed). */
  position: z.number().int().nullable(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  whatsApp: WaitlistOfferMessage.nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;

/** GET …/waitlist: the line (waiting and offered, in order) then what left it, newest first. */
export const Waitlist = z.object({
  sessionId: z.string(),
  capacity: z.number().int(),
  rosterCount: z.number().int(),
  heldSeats: z.number().int(),
  freeSeats: z.number().int(),
  /** Whether customers can join: the session is active, not started, and has no free unheld seat. */
  isOpen: z.boolean(),
  holdMinutes: z.number().int(),
  items: z.array(WaitlistEntry),
});
export type Waitlist = z.infer<typeof Waitlist>;

/** GET /waitlist-offers/{token}: what the customer's link shows, without signing in. */
export const WaitlistOffer = z.object({
  state: z.enum(WAITLIST_ENTRY_STATES),
  customerFirstName: z.string(),
  organizationName: z.string(),
  sessionName: z.string(),
  establishmentName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  offerExpiresAt: z.string().nullable(),
  language: z.enum(LANGUAGES),
});
export type WaitlistOffer = z.infer<typeof WaitlistOffer>;

/** The public page's path for an offer token; the server and the web build it alike. */
export function waitlistOfferPath(token: string): string {
  return `/waitlist-offers/${token}`;
}

export type OfferFacts = {
  customerFirstName: string;
  sessionName: string;
  establishmentName: string;
  startsAt: Date;
  expiresAt: Date;
  timeZone: string;
  link: string;
};

const LOCALES: Record<Language, string> = { en_US: 'en-US', pt_BR: 'pt-BR' };

/**
 * An offer's instant (its expiry, the session's start) as its reader sees it: weekday, day/month and time in
 * the organization's zone — "sex., 26/03, 07:00" in pt_BR. With the date, since a hold may run for two days.
 */
export function offerDateTime(instant: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(instant);
}

/** The offer's message, in the organization's message language, with local times and the link. */
export function offerMessage(language: Language, facts: OfferFacts): string {
  const starts = offerDateTime(facts.startsAt, facts.timeZone, language);
  const until = offerDateTime(facts.expiresAt, facts.timeZone, language);
  const name = facts.customerFirstName.trim();
  if (language === 'pt_BR')
    return [
      `Olá${name ? `, ${name}` : ''}! Abriu uma vaga em ${facts.sessionName} (${facts.establishmentName}), ${starts}.`,
      `Ela fica reservada para você até ${until}. Para aceitar ou recusar: ${facts.link}`,
    ].join('\n');
  return [
    `Hi${name ? ` ${name}` : ''}! A seat opened in ${facts.sessionName} (${facts.establishmentName}), ${starts}.`,
    `It is held for you until ${until}. To accept or decline: ${facts.link}`,
  ].join('\n');
}
