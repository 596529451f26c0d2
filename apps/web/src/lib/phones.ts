import { formatPhone, whatsAppNumber } from '@reformer/domain/phones';

/**
 * The country whose way of writing numbers the screens use: the studios are Brazilian. Numbers of that
 * country read as at home ('(11) 98765-4321'), any other with its +code.
 */
export const VIEWER_COUNTRY = 'BR';

/** A stored (E.164) phone as the viewer writes it; '' for none. */
export function displayPhone(phone: string | null | undefined): string {
  return formatPhone(phone, VIEWER_COUNTRY);
}

/** The click-to-chat link of a number on WhatsApp, or null when the number cannot be read. */
export function whatsAppUrl(phone: string): string | null {
  const number = whatsAppNumber(phone, VIEWER_COUNTRY);
  return number ? `https://wa.me/${number}` : null;
}
