import {
  paymentReminderValues,
  reminderTemplateFor,
  renderTemplate,
  whatsAppLink,
} from '@reformer/domain/events-templates';
import type { Payment } from '@reformer/domain/payments';
import { whatsAppNumber } from '@reformer/domain/phones';
import { type PixMerchant, type PixSettings, studioPixCode } from '@reformer/domain/pix';

export type { PixMerchant } from '@reformer/domain/pix';

/**
 * The payment's reference in the code (field 62-05), which the studio sees on its bank statement: the
 * last 12 hex digits of the payment id — its random part, so two payments never share one in practice.
 */
export function pixReference(paymentId: string): string {
  return paymentId.replace(/-/g, '').slice(-12).toUpperCase();
}

/**
 * The "copia e cola" text of a payment, or null when it cannot have one (domain `studioPixCode`: no PIX key,
 * another currency than the real, or no merchant name a code can carry).
 */
export function paymentPixCode(
  settings: PixSettings,
  merchant: PixMerchant,
  payment: Pick<Payment, 'id' | 'amountCents' | 'currency'>,
): string | null {
  return studioPixCode(settings, merchant, { ...payment, reference: pixReference(payment.id) });
}

export type PixWhatsAppText = {
  /** The payment reminder's templates in the member's language (their `{placeholders}` unrendered). */
  reminder: { template: string; overdueTemplate: string };
  /** The line that introduces the code. */
  codeLabel: string;
};

/**
 * The WhatsApp message of a PIX code: the payment reminder's greeting with the customer's name, plan,
 * amount and due date (the same templates and values the reminders render; overdue once the cycle's due
 * date has passed), then the code. To the customer's number when it is known, else WhatsApp asks for the chat.
 */
export function pixWhatsAppLink(
  payment: Pick<Payment, 'customerName' | 'planName' | 'amountCents' | 'currency' | 'cycleStart'>,
  code: string,
  text: PixWhatsAppText,
  context: { today: string; phone: { phone: string | null; country: string } | null },
): string {
  const template = reminderTemplateFor(text.reminder, payment.cycleStart, context.today);
  const greeting = renderTemplate(
    template,
    paymentReminderValues({ ...payment, dueDate: payment.cycleStart }),
  );
  const message = `${greeting}\n\n${text.codeLabel}\n${code}`;
  const { phone } = context;
  const number = phone?.phone ? whatsAppNumber(phone.phone, phone.country) : null;
  return whatsAppLink(number ?? '', message);
}
