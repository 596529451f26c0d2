import { z } from 'zod';
import { normalizePhone } from './phones.ts';
import { V } from './validation.ts';

/**
 * The studio's WhatsApp Business number on Meta's Cloud API (issue #32; docs/decisions/049): the phone number
 * id and WhatsApp Business Account id Meta shows in its WhatsApp Manager, a system user's access token and the
 * app's secret (which signs the webhooks). Secrets are sealed at rest and answered only as "set".
 */

export const WHATSAPP_GRAPH_URL = 'https://graph.facebook.com';
export const WHATSAPP_GRAPH_VERSION = 'v23.0';

const httpsUrl = z
  .string(V.required)
  .trim()
  .min(1, V.required)
  .max(500, V.max)
  .pipe(z.url({ protocol: /^https$/, error: V.format }))
  // No user or password before the host, no fragment, no path: the client adds /v23.0/… itself.
  .refine((value) => /^https:\/\/[^/?#@]+\/?$/i.test(value), V.format)
  .transform((value) => value.replace(/\/$/, ''));

/** Meta's ids are decimal numbers written as strings. */
const graphId = z.string(V.required).trim().min(1, V.required).max(30, V.max).regex(/^\d+$/, V.format);

/** Empty or left out: keep the stored value. */
const keptWhenEmpty = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.max)
    .optional()
    .transform((value) => (value ? value : undefined));

/** PUT /whatsapp: the whole connection; a secret left empty keeps the stored one (a first save needs both). */
export const WhatsAppConnectionInput = z.object({
  apiBaseUrl: httpsUrl.default(WHATSAPP_GRAPH_URL),
  phoneNumberId: graphId,
  wabaId: graphId,
  accessToken: keptWhenEmpty(2000).refine(
    (value) => value === undefined || /^[\w.-]+$/.test(value),
    V.format,
  ),
  appSecret: keptWhenEmpty(200),
});
export type WhatsAppConnectionInput = z.input<typeof WhatsAppConnectionInput>;
export type WhatsAppConnectionValues = z.output<typeof WhatsAppConnectionInput>;

/** What the API answers: the secrets only as set; the number as Meta described it at the last check. */
export const WhatsAppConnection = z.object({
  apiBaseUrl: z.string(),
  phoneNumberId: z.string(),
  wabaId: z.string(),
  accessToken: z.object({ isSet: z.boolean() }),
  appSecret: z.object({ isSet: z.boolean() }),
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  /** Meta's messaging tier name (TIER_250, TIER_1K…), when Meta said it. */
  messagingTier: z.string().nullable(),
  /** When Meta last accepted our webhook URL (its verification handshake); null: not registered. */
  webhookRegisteredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type WhatsAppConnection = z.infer<typeof WhatsAppConnection>;

export const WhatsAppSettings = z.object({
  /** False on a PostgreSQL server without SECRETS_KEY: nothing secret can be stored until it is set. */
  canStoreSecrets: z.boolean(),
  connection: WhatsAppConnection.nullable(),
});
export type WhatsAppSettings = z.infer<typeof WhatsAppSettings>;

/**
 * Why Meta refused or could not be reached: the Cloud API client's error codes (integrations/whatsapp takes
 * them from here); the settings screen says each in words.
 */
export const WHATSAPP_FAILURES = [
  'WHATSAPP_UNREACHABLE',
  'WHATSAPP_TIMEOUT',
  'WHATSAPP_INVALID_TOKEN',
  'WHATSAPP_NOT_FOUND',
  'WHATSAPP_TEMPLATE_MISSING',
  'WHATSAPP_TEMPLATE_PARAMETERS',
  'WHATSAPP_TEMPLATE_EXISTS',
  'WHATSAPP_RATE_LIMITED',
  'WHATSAPP_RECIPIENT_PACING',
  'WHATSAPP_TIER_REACHED',
  'WHATSAPP_WEBHOOK_NOT_VERIFIED',
  'WHATSAPP_REJECTED',
  'WHATSAPP_UNAVAILABLE',
  'WHATSAPP_UNEXPECTED_ANSWER',
] as const;
export type WhatsAppFailure = (typeof WHATSAPP_FAILURES)[number];

/** Failures a retry later may cure (the caller's backoff); the rest need the studio to change something. */
export const TRANSIENT_WHATSAPP_FAILURES: readonly WhatsAppFailure[] = [
  'WHATSAPP_UNREACHABLE',
  'WHATSAPP_TIMEOUT',
  'WHATSAPP_RATE_LIMITED',
  'WHATSAPP_RECIPIENT_PACING',
  'WHATSAPP_TIER_REACHED',
  'WHATSAPP_UNAVAILABLE',
];

/** A phone number typed by staff, stored in E.164 (Brazil's rules by default). */
export const WhatsAppPhone = z
  .string(V.required)
  .trim()
  .min(1, V.required)
  .max(30, V.max)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: V.phone });
    return z.NEVER;
  });

/** POST /whatsapp/test-message: Meta's own sample template goes to the number the owner typed. */
export const WhatsAppTestMessageInput = z.object({ to: WhatsAppPhone });
export type WhatsAppTestMessageInput = z.input<typeof WhatsAppTestMessageInput>;

/** Meta's delivery statuses, in the order a message goes through them; `failed` can come after any. */
export const WHATSAPP_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/**
 * Statuses only move forward (webhooks arrive late, twice, out of order): read after delivered is news,
 * delivered after read is not. A failure ends a message that was not yet delivered; one already delivered
 * or read stays so.
 */
export function isStatusForward(current: WhatsAppStatus, next: WhatsAppStatus): boolean {
  if (current === 'failed') return false;
  if (next === 'failed') return current === 'accepted' || current === 'sent';
  return WHATSAPP_STATUSES.indexOf(next) > WHATSAPP_STATUSES.indexOf(current);
}

export const WhatsAppMessage = z.object({
  id: z.string(),
  to: z.string(),
  templateName: z.string(),
  status: z.enum(WHATSAPP_STATUSES),
  errorCode: z.number().int().nullable(),
  errorTitle: z.string().nullable(),
  sentAt: z.string(),
  statusAt: z.string(),
});
export type WhatsAppMessage = z.infer<typeof WhatsAppMessage>;

/** The digits Meta compares: E.164 without the plus. */
export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The forms a Brazilian mobile's WhatsApp id can take: with the ninth digit (55 DD 9XXXXXXXX) and without it
 * (55 DD XXXXXXXX), which Meta keeps for numbers registered before the ninth digit. An inbound message's
 * `wa_id` is matched against a customer's phone through these when no `wa_id` is stored yet.
 */
export function phoneMatchesWaId(phone: string, waId: string): boolean {
  const digits = digitsOf(phone);
  if (digits === waId) return true;
  const mobile = /^55(\d{2})9(\d{8})$/.exec(digits);
  return mobile !== null && `55${mobile[1]}${mobile[2]}` === waId;
}

/** The E.164 phones a `wa_id` may stand for (itself, and with the ninth digit put back for a Brazilian one). */
export function phonesOfWaId(waId: string): string[] {
  const phones = [`+${waId}`];
  const old = /^55(\d{2})(\d{8})$/.exec(waId);
  if (old && /^[6-9]/.test(old[2] ?? '')) phones.push(`+55${old[1]}9${old[2]}`);
  return phones;
}

/** A reply that opts the customer out of every message they did not ask for (LGPD art. 18 §2; Meta's policy). */
export const OPT_OUT_WORDS = ['SAIR', 'STOP', 'PARAR', 'CANCELAR', 'DESCADASTRAR'] as const;

export function isOptOutReply(text: string): boolean {
  const word = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  return (OPT_OUT_WORDS as readonly string[]).includes(word);
}
