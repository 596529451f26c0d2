import type { Currency } from './money.ts';

/** The placeholders each kind's templates may use (spec document 2 §3), written `{customerName}`. */
export const BIRTHDAY_PLACEHOLDERS = ['customerName'] as const;
export const PAYMENT_REMINDER_PLACEHOLDERS = [
  'customerName',
  'planName',
  'amount',
  'currency',
  'dueDate',
  'pixCode',
] as const;

export type TemplateValues = Readonly<Record<string, string | null | undefined>>;

// An optional space before the placeholder goes with it when the value is missing ("Hi {customerName}," → "Hi,").
const PLACEHOLDER = /( ?)\{(\w+)\}/g;

/** The names a template uses, in order, each once. */
export function templatePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[2] ?? ''))];
}

/** The placeholders of a template that its kind does not know. */
export function unknownPlaceholders(template: string, known: readonly string[]): string[] {
  return templatePlaceholders(template).filter((name) => !known.includes(name));
}

/**
 * The message: each `{name}` replaced by its value as plain text — a value is never read as a template, so a
 * customer called "{amount}" stays "{amount}". A missing or empty value (or an unknown name) leaves a clean
 * blank, never the raw `{placeholder}`.
 */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_match, space: string, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name]?.trim() : '';
    return value ? `${space}${value}` : '';
  });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** A rendered message as an e-mail's HTML body: every character escaped, line breaks kept. */
export function messageHtml(text: string, brand?: EmailBrand): string {
  const paragraphs = text.split(/\n{2,}/).map((block) => escapeHtml(block).replace(/\n/g, '<br>'));
  const body = paragraphs.map((block) => `<p>${block}</p>`).join('\n');
  return brand ? `${brandHeader(brand)}\n${body}` : body;
}

/** The studio's name and logo at the top of its customers' e-mails (decision 045). */
export type EmailBrand = { name: string; logoUrl: string | null };

/** The name is text, so the e-mail reads the same where images are blocked; the logo has no alt to repeat it. */
function brandHeader(brand: EmailBrand): string {
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" width="48" height="48" style="vertical-align:middle;margin-right:8px">`
    : '';
  return `<p>${logo}<strong>${escapeHtml(brand.name)}</strong></p>`;
}

/** An e-mail's subject: the studio, then the message's first line, cut to fit a mail client's list. */
export function messageSubject(organizationName: string, text: string): string {
  const firstLine =
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? '';
  const cut = firstLine.length > 60 ? `${firstLine.slice(0, 59).trimEnd()}…` : firstLine;
  return cut ? `${organizationName}: ${cut}` : organizationName;
}

/**
 * Messages write money and dates as the customers of that currency read them: a BRL amount the Brazilian
 * way (R$, 1.234,56, 05/04/2027), a USD amount the American way. The studio writes the words around them.
 */
const MESSAGE_LOCALES: Record<Currency, string> = { BRL: 'pt-BR', USD: 'en-US' };

function moneyParts(cents: number, currency: Currency) {
  const parts = new Intl.NumberFormat(MESSAGE_LOCALES[currency], {
    style: 'currency',
    currency,
  }).formatToParts(cents / 100);
  const symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
  const amount = parts
    .filter((part) => ['integer', 'group', 'decimal', 'fraction', 'minusSign'].includes(part.type))
    .map((part) => part.value)
    .join('');
  return { symbol, amount };
}

function messageDate(date: string, currency: Currency): string {
  const [year, month, day] = date.split('-').map(Number);
  const utc = Date.UTC(year ?? Number.NaN, (month ?? Number.NaN) - 1, day);
  if (Number.isNaN(utc)) return '';
  return new Intl.DateTimeFormat(MESSAGE_LOCALES[currency], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc);
}

export function birthdayValues(customer: { customerName: string | null }): TemplateValues {
  return { customerName: customer.customerName };
}

export type ReminderFacts = {
  customerName: string | null;
  planName: string | null;
  amountCents: number;
  currency: Currency;
  dueDate: string;
  /** The "copia e cola" of the cycle's PIX charge at the studio's PSP, when it has one (decision 030). */
  pixCode?: string | null;
};

/** {amount} "349,00" and {currency} "R$", so "{currency} {amount}" reads "R$ 349,00". */
export function paymentReminderValues(facts: ReminderFacts): TemplateValues {
  const { symbol, amount } = moneyParts(facts.amountCents, facts.currency);
  return {
    customerName: facts.customerName,
    planName: facts.planName,
    amount,
    currency: symbol,
    dueDate: messageDate(facts.dueDate, facts.currency),
    pixCode: facts.pixCode ?? null,
  };
}

/**
 * A reminder carries its cycle's PIX charge: where the template places `{pixCode}` it is there, else the code
 * follows the message on lines of its own (bank apps read a pasted code whole, so it stays one unbroken line).
 */
export function withPixCode(text: string, template: string, pixCode: string | null | undefined): string {
  if (!pixCode || template.includes('{pixCode}')) return text;
  return `${text}\n\nPIX copia e cola:\n${pixCode}`;
}

/** The click-to-chat link: the number in international form (digits, no +), the message as its text. */
export function whatsAppLink(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/**
 * A cycle overdue on the day the message goes out — past the last day it is payable, which is its due date
 * or, for a weekend or holiday, the next business day (decision 035) — gets the overdue template.
 */
export function reminderTemplateFor(
  config: { template: string; overdueTemplate: string | null },
  payableUntil: string,
  sendDate: string,
): string {
  return payableUntil < sendDate && config.overdueTemplate ? config.overdueTemplate : config.template;
}
