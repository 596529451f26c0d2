import { z } from 'zod';
import { CustomerFields, checkCustomerContact, normalizeCustomerContact } from './customers.ts';

/**
 * The customer's own profile in the portal (issue #29, decision 046): their contacts, address and emergency
 * contact, checked by the same fields and contact rules as staff's customer form. Each change is kept as
 * field, old → new, for staff's history of the customer.
 */

/** The fields a customer changes themselves; name, document, notes and status stay staff's. */
export const PORTAL_PROFILE_FIELDS = [
  'email',
  'phone',
  'isWhatsapp',
  'zipCode',
  'address',
  'number',
  'apartment',
  'neighborhood',
  'city',
  'state',
  'emergencyContactName',
  'emergencyContactPhone',
] as const;
export type PortalProfileField = (typeof PORTAL_PROFILE_FIELDS)[number];

/**
 * PUT /portal/profile. `country` is the one on file, sent back by the page so the phone and CEP rules are
 * the country's; the server refuses another (a customer does not move their record to another country).
 */
export const PortalProfileInput = CustomerFields.pick({
  country: true,
  email: true,
  phone: true,
  isWhatsapp: true,
  zipCode: true,
  address: true,
  number: true,
  apartment: true,
  neighborhood: true,
  city: true,
  state: true,
  emergencyContactName: true,
  emergencyContactPhone: true,
})
  .superRefine(checkCustomerContact)
  .transform(normalizeCustomerContact);
export type PortalProfileInput = z.input<typeof PortalProfileInput>;
export type PortalProfileValues = z.output<typeof PortalProfileInput>;

/** GET /portal/profile: what the customer may change, as stored (the page formats phones and CEP). */
export const PortalProfile = z.object({
  country: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isWhatsapp: z.boolean(),
  zipCode: z.string().nullable(),
  address: z.string().nullable(),
  number: z.string().nullable(),
  apartment: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
});
export type PortalProfile = z.infer<typeof PortalProfile>;

/** One field changed: stored values, as text ("true"/"false" for the WhatsApp flag; null when empty). */
export type ProfileFieldChange = { field: PortalProfileField; from: string | null; to: string | null };

const asText = (value: string | boolean | null) => (value === null ? null : String(value));

/** The fields whose stored value the update changes, in the form's order; none when nothing changed. */
export function profileChanges(
  before: Record<PortalProfileField, string | boolean | null>,
  after: Record<PortalProfileField, string | boolean | null>,
): ProfileFieldChange[] {
  return PORTAL_PROFILE_FIELDS.flatMap((field) => {
    const from = asText(before[field]);
    const to = asText(after[field]);
    return from === to ? [] : [{ field, from, to }];
  });
}

/**
 * Staff's history of the changes the customer made in the portal (GET …/customers/{id}/profile-changes),
 * newest first; staff's own edits are the customer form's and are not listed here.
 */
export const ProfileChangeList = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      field: z.enum(PORTAL_PROFILE_FIELDS),
      from: z.string().nullable(),
      to: z.string().nullable(),
      changedAt: z.string(),
    }),
  ),
});
export type ProfileChangeList = z.infer<typeof ProfileChangeList>;
