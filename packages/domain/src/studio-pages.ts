import { z } from 'zod';
import { isValidCpf, normalizeCpf } from './cpf.ts';
import { CURRENCIES } from './money.ts';
import { normalizePhone } from './phones.ts';
import type { Language } from './preferences.ts';
import { V } from './validation.ts';
import { offerDateTime } from './waitlist.ts';

/**
 * The studio's public page, its branding and its trial classes (issue #29, decision 045): the rules both
 * sides need — the slug, the accent colour's contrast, the logo's real type, who counts as the same person
 * for "one trial each", and when a trial converted.
 */

/**
 * Paths the app, the API or the public site answer themselves, and words a studio could be mistaken for:
 * a studio named "portal" would otherwise shadow the customers' portal.
 */
export const RESERVED_SLUGS = new Set([
  'about',
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'docs',
  'forgot-password',
  'health',
  'help',
  'login',
  'logout',
  'metrics',
  'my-classes',
  'portal',
  'privacy-policy',
  'public',
  'reformer',
  'reset-password',
  'robots',
  'settings',
  'sign-in',
  'sign-up',
  'signin',
  'signup',
  'staff-invite',
  'static',
  'support',
  'waitlist-offers',
  'www',
]);

/** Lowercase letters, digits and single hyphens inside, 3 to 40 characters: what reads well in a link. */
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?!-)){1,38}[a-z0-9]$/;

export type SlugProblem = 'FORMAT' | 'RESERVED';

export function slugProblem(slug: string): SlugProblem | null {
  if (!SLUG_PATTERN.test(slug)) return 'FORMAT';
  if (RESERVED_SLUGS.has(slug)) return 'RESERVED';
  return null;
}

/** `#RRGGBB`, stored lower case. */
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.1 relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on the colour (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * Buttons in the accent colour carry white text: WCAG AA asks 4.5:1 for normal text. A lighter colour would
 * leave the portal's and the public page's buttons unreadable, so it is refused rather than adjusted.
 */
export const MIN_ACCENT_CONTRAST = 4.5;

export function isReadableAccent(hex: string): boolean {
  return HEX_COLOUR.test(hex) && contrastWithWhite(hex) >= MIN_ACCENT_CONTRAST;
}

/** The largest logo accepted: a page header's logo needs far less, and every page view sends it. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/**
 * The image type from the file's first bytes (its signature), never from its name or the browser's
 * Content-Type, which the sender chooses: an SVG or HTML file named logo.png is refused.
 */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const StudioPageInput = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .refine((slug) => slugProblem(slug) !== 'FORMAT', V.slug)
    .refine((slug) => slugProblem(slug) !== 'RESERVED', V.slugReserved)
    .nullable(),
  displayName: z.string().trim().min(1, V.required).max(80, V.max),
  accentColor: z
    .string()
    .trim()
    .regex(HEX_COLOUR, V.format)
    .refine(isReadableAccent, V.accentContrast)
    .transform((hex) => hex.toLowerCase()),
});
export type StudioPageInput = z.input<typeof StudioPageInput>;

/** The settings form: an empty slug field means no public page. */
export const StudioPageForm = StudioPageInput.extend({
  slug: z
    .string()
    .transform((slug) => slug.trim() || null)
    .pipe(StudioPageInput.shape.slug),
});
export type StudioPageFormInput = z.input<typeof StudioPageForm>;
export type StudioPageValues = z.output<typeof StudioPageInput>;

/** The branding every customer-facing place shows: the portal's header, the public page, the e-mails. */
export const StudioBranding = z.object({
  displayName: z.string(),
  accentColor: z.string().nullable(),
  /** Under our own origin, its content hash in the path: cached for a year, a new logo is a new URL. */
  logoUrl: z.string().nullable(),
});
export type StudioBranding = z.infer<typeof StudioBranding>;

export const StudioPageSettings = StudioBranding.extend({
  slug: z.string().nullable(),
  /** Saved yet: before, the display name is the organization's name and no page is published. */
  isSaved: z.boolean(),
});
export type StudioPageSettings = z.infer<typeof StudioPageSettings>;

/** What the public page shows: nothing about customers but each class's free seats. */
export const PublicStudioPage = StudioBranding.extend({
  slug: z.string(),
  establishments: z.array(z.object({ id: z.string(), name: z.string(), address: z.string().nullable() })),
  sessions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      establishmentName: z.string(),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      freeSeats: z.number().int(),
    }),
  ),
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      kind: z.string(),
      priceCents: z.number().int(),
      currency: z.enum(CURRENCIES),
      billingCycle: z.string().nullable(),
      classesTotal: z.number().int().nullable(),
    }),
  ),
});
export type PublicStudioPage = z.infer<typeof PublicStudioPage>;

/** How many days ahead the public page lists: the week ahead, today's weekday again included. */
export const PUBLIC_PAGE_DAYS = 7;

export const TrialBookingInput = z.object({
  sessionId: z.string().max(100),
  fullName: z
    .string()
    .trim()
    .min(1, V.required)
    .max(200, V.max)
    .refine((name) => name.split(/\s+/).length >= 2, V.fullName),
  email: z.string().trim().toLowerCase().max(254, V.max).pipe(z.email(V.email)),
  phone: z
    .string()
    .trim()
    .max(30, V.max)
    .refine((phone) => normalizePhone(phone) !== null, V.phone)
    .transform((phone) => normalizePhone(phone) ?? phone),
  /** Optional: a third way to recognise someone who already had their trial. */
  cpf: z
    .string()
    .trim()
    .max(20, V.max)
    .refine((cpf) => cpf === '' || isValidCpf(cpf), V.cpf)
    .transform((cpf) => (cpf ? normalizeCpf(cpf) : null))
    .optional()
    .transform((cpf) => cpf ?? null),
  /** LGPD: the studio may keep the contact to arrange the class; without it nothing is written. */
  consent: z.literal(true, V.required),
  /** The honeypot: hidden from people, filled by form-filling robots. */
  website: z.string().max(500).optional(),
});
export type TrialBookingInput = z.input<typeof TrialBookingInput>;
export type TrialBookingValues = z.output<typeof TrialBookingInput>;

/** The same answer for a booked trial and for a robot's request, so neither can tell. */
export const TrialBookingAccepted = z.object({ accepted: z.literal(true) });

/** Per address: a studio's page is public, and a form that creates customers must not be flooded. */
export const TRIAL_BOOKINGS_PER_ADDRESS = { hits: 5, windowSeconds: 3600 } as const;

type Contact = { email: string | null; phone: string | null; cpf: string | null };

/** E-mail, phone (E.164) and CPF (digits) as stored, so one person written two ways is still one. */
export function trialMatchKeys(contact: Contact): Contact {
  const phone = contact.phone ? normalizePhone(contact.phone) : null;
  const cpf = contact.cpf ? normalizeCpf(contact.cpf) : null;
  return { email: contact.email?.trim().toLowerCase() || null, phone, cpf: cpf || null };
}

/** One person gets one trial: any one of e-mail, phone or CPF in common makes them the same person. */
export function isSamePerson(a: Contact, b: Contact): boolean {
  const left = trialMatchKeys(a);
  const right = trialMatchKeys(b);
  return (
    (left.email !== null && left.email === right.email) ||
    (left.phone !== null && left.phone === right.phone) ||
    (left.cpf !== null && left.cpf === right.cpf)
  );
}

/** A trial converted when the customer enrolled within this many days of the class. */
export const TRIAL_CONVERSION_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * Enrolled after booking the trial and at most TRIAL_CONVERSION_DAYS after the class (calendar dates,
 * `YYYY-MM-DD`): a customer enrolled at the front desk right after the class counts, one enrolled long
 * before it (an old customer's trial) does not.
 */
export function isConverted(
  trial: { bookedOn: string; classDate: string },
  enrolledOn: string | null,
): boolean {
  if (!enrolledOn || enrolledOn < trial.bookedOn) return false;
  const days = (Date.parse(`${enrolledOn}T00:00:00Z`) - Date.parse(`${trial.classDate}T00:00:00Z`)) / DAY_MS;
  return days <= TRIAL_CONVERSION_DAYS;
}

export const TrialsQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
});

/** The dashboard's trial card: counts for the period, and the latest bookings with who and when. */
export const TrialSummary = z.object({
  booked: z.number().int(),
  attended: z.number().int(),
  converted: z.number().int(),
  recent: z.array(
    z.object({
      customerId: z.string(),
      customerName: z.string(),
      sessionId: z.string(),
      sessionName: z.string(),
      date: z.string(),
      startTime: z.string(),
      bookedAt: z.string(),
      isConverted: z.boolean(),
    }),
  ),
});
export type TrialSummary = z.infer<typeof TrialSummary>;

/** The confirmation sent to whoever booked a trial, in the studio's message language, with local times. */
export function trialBookedMessage(
  language: Language,
  facts: {
    customerFirstName: string;
    studioName: string;
    sessionName: string;
    establishmentName: string;
    address: string | null;
    startsAt: Date;
    timeZone: string;
  },
): string {
  const starts = offerDateTime(facts.startsAt, facts.timeZone, language);
  const name = facts.customerFirstName.trim();
  const where = facts.address ? `${facts.establishmentName}, ${facts.address}` : facts.establishmentName;
  if (language === 'pt_BR')
    return [
      `Olá${name ? `, ${name}` : ''}! Sua aula experimental em ${facts.studioName} está agendada.`,
      `${facts.sessionName}, ${starts} — ${where}.`,
      'Chegue 10 minutos antes, com roupa confortável. Se não puder vir, responda esta mensagem.',
    ].join('\n');
  return [
    `Hi${name ? ` ${name}` : ''}! Your trial class at ${facts.studioName} is booked.`,
    `${facts.sessionName}, ${starts} — ${where}.`,
    'Please arrive 10 minutes early, in comfortable clothes. If you cannot come, reply to this message.',
  ].join('\n');
}
