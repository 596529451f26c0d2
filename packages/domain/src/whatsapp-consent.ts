import { z } from 'zod';

/**
 * A customer's WhatsApp opt-in (issue #32; decision 049): given or withdrawn, where from and when. Staff record
 * what the customer told them (STAFF), an import brings it (IMPORT), the portal asks (PORTAL), and a reply of
 * "SAIR"/"STOP" withdraws it (WEBHOOK). Marketing messages need decision 043's MARKETING_MESSAGES consent
 * besides: that consent is not repeated here.
 */
export const WHATSAPP_CONSENT_SOURCES = ['STAFF', 'IMPORT', 'PORTAL', 'WEBHOOK'] as const;
export type WhatsAppConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];

/** What staff may set: STAFF only (the other sources are their channels' own). */
export const WhatsAppConsentInput = z.object({ isOptedIn: z.boolean() });
export type WhatsAppConsentInput = z.input<typeof WhatsAppConsentInput>;

export const WhatsAppConsent = z.object({
  /** null: never asked. */
  isOptedIn: z.boolean().nullable(),
  source: z.enum(WHATSAPP_CONSENT_SOURCES).nullable(),
  changedAt: z.string().nullable(),
  /** Whether Meta's id of the customer's number is known (from a delivery). */
  hasWaId: z.boolean(),
  /** Decision 043's marketing consent, read here so the section shows both: null when never answered. */
  marketingConsent: z.boolean().nullable(),
});
export type WhatsAppConsent = z.infer<typeof WhatsAppConsent>;
