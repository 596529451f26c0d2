import type { Payment } from '@reformer/domain/payments';
import { type PixSettings, pixPayload } from '@reformer/domain/pix';

/** What the BR Code names when the settings leave it out: the organization and where it keeps time. */
export type PixMerchant = { organizationName: string; timeZone: string };

/**
 * The payment's reference in the code (field 62-05), which the studio sees on its bank statement: the
 * last 12 hex digits of the payment id — its random part, so two payments never share one in practice.
 */
export function pixReference(paymentId: string): string {
  return paymentId.replace(/-/g, '').slice(-12).toUpperCase();
}

/** "America/Sao_Paulo" → "Sao Paulo": the BR Code must name a city; the zone's stands in until one is set. */
function cityOfTimeZone(timeZone: string): string {
  return (timeZone.split('/').pop() ?? '').replace(/_/g, ' ');
}

/**
 * The "copia e cola" text of a payment, or null when it cannot have one: no PIX key set, or an amount in
 * another currency than the real (PIX moves reais only).
 */
export function paymentPixCode(
  settings: PixSettings,
  merchant: PixMerchant,
  payment: Pick<Payment, 'id' | 'amountCents' | 'currency'>,
): string | null {
  if (!settings.pixKey || payment.currency !== 'BRL') return null;
  return pixPayload({
    key: settings.pixKey,
    merchantName: settings.pixMerchantName || merchant.organizationName,
    merchantCity: settings.pixMerchantCity || cityOfTimeZone(merchant.timeZone),
    amountCents: payment.amountCents,
    txid: pixReference(payment.id),
  });
}
