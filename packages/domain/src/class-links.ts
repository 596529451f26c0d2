import { z } from 'zod';
import { NO_CREDIT_REASONS } from './make-up-credits.ts';
import { LANGUAGES, type Language } from './preferences.ts';
import { ATTENDANCE_STATUSES } from './sessions.ts';

/**
 * A customer's own link to their upcoming classes (decision 025): the customer does not sign in, the link's
 * token is the key. Staff make it (one live link per customer, a new one revokes the old) and send it; the
 * customer opens it to see their places and cancel one themselves, through the same cancellation as staff.
 */

/** How far ahead the link shows places: sessions starting within this many days from now. */
export const CLASS_LINK_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;

/** A session starting after `now` and at most the window later is listed on the link. */
export function isWithinClassLinkWindow(startsAt: Date, now: Date): boolean {
  const ahead = startsAt.getTime() - now.getTime();
  return ahead > 0 && ahead <= CLASS_LINK_WINDOW_DAYS * DAY_MS;
}

/** The window's instants, for the query that lists the places. */
export function classLinkWindow(now: Date): { from: Date; to: Date } {
  return { from: now, to: new Date(now.getTime() + CLASS_LINK_WINDOW_DAYS * DAY_MS) };
}

/** A customer cancels a place only before its session starts (the start instant itself is too late). */
export function canCancelBeforeStart(startsAt: Date, now: Date): boolean {
  return now.getTime() < startsAt.getTime();
}

/**
 * The path links sent before the portal (decision 039) open at; the web page moves their token into the
 * portal's exchange, so links already sent keep working until they expire.
 */
export function legacyClassLinkPath(token: string): string {
  return `/my-classes/${token}`;
}

/** The message that carries the portal link, in the organization's message language (decision 024's setting). */
export function classLinkMessage(
  language: Language,
  facts: {
    customerFirstName: string;
    organizationName: string;
    link: string;
    days: number;
    /**
     * A Pix Automático authorization waits for the customer (decision 048): the portal's payments show its QR
     * and code, and the message says so — how staff send the authorization by e-mail and WhatsApp.
     */
    awaitsPixAutomatico?: boolean;
  },
): string {
  const name = facts.customerFirstName.trim();
  if (language === 'pt_BR')
    return [
      `Olá${name ? `, ${name}` : ''}! Este é o seu acesso ao portal de ${facts.organizationName}.`,
      `Nele você vê as suas aulas, cancela com aviso, remarca com seus créditos e entra na lista de espera: ${facts.link}`,
      ...(facts.awaitsPixAutomatico
        ? [
            'Em Pagamentos está a sua autorização do Pix Automático: leia o QR Code ou copie o código no app do seu banco, autorize uma vez, e cada mensalidade é paga sozinha.',
          ]
        : []),
      `O link vale por ${facts.days} dias e é só seu.`,
    ].join('\n');
  return [
    `Hi${name ? ` ${name}` : ''}! This is your way into ${facts.organizationName}'s portal.`,
    `See your classes, cancel with notice, book make-ups with your credits and join waitlists: ${facts.link}`,
    ...(facts.awaitsPixAutomatico
      ? [
          "Your Pix Automático authorization is under Payments: scan the QR code or copy the code into your bank's app, authorize once, and every cycle is paid by itself.",
        ]
      : []),
    `The link works for ${facts.days} days and is yours alone.`,
  ].join('\n');
}

/** What cancelling a place now would do to the customer's credits, said before they confirm. */
export const CreditPreview = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('EARNED'), expiresOn: z.string() }),
  z.object({
    outcome: z.literal('NOT_EARNED'),
    reason: z.enum(NO_CREDIT_REASONS),
    noticeHours: z.number().int(),
    monthlyLimit: z.number().int(),
  }),
]);
export type CreditPreview = z.infer<typeof CreditPreview>;

/** One place of the customer in an upcoming session. */
export const MyClassPlace = z.object({
  sessionId: z.string(),
  sessionName: z.string(),
  establishmentName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  /** For a canceled place: the credit its cancellation earned, if any. */
  earnedCredit: z.object({ expiresOn: z.string() }).nullable(),
  /** For a place not canceled: what cancelling it now would earn, or why nothing. */
  creditIfCanceled: CreditPreview.nullable(),
  /** Where the session was before staff moved it (its schedule's slot), or null (decision 046). */
  movedFrom: z.object({ date: z.string(), startTime: z.string() }).nullable(),
});
export type MyClassPlace = z.infer<typeof MyClassPlace>;

/** One message the link went out in: the e-mail (outbox or SMTP) and the WhatsApp link staff open. */
export const ClassLinkMessage = z.object({
  messageId: z.string(),
  channel: z.string().nullable(),
  status: z.string(),
  link: z.string().nullable(),
});

/** Staff's view of a customer's link: whether one is live and since when (the token itself is not kept). */
export const ClassLinkStatus = z.object({
  isActive: z.boolean(),
  createdAt: z.string().nullable(),
  /** When the live link stops opening (decision 039). */
  expiresAt: z.string().nullable(),
});
export type ClassLinkStatus = z.infer<typeof ClassLinkStatus>;

/** POST …/class-link: the new link (shown once) and its messages; the previous link no longer opens. */
export const ClassLinkCreated = ClassLinkStatus.extend({
  url: z.string(),
  language: z.enum(LANGUAGES),
  messages: z.array(ClassLinkMessage),
});
export type ClassLinkCreated = z.infer<typeof ClassLinkCreated>;
