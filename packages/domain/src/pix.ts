import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from './cnpj.ts';
import { isValidCpf, normalizeCpf } from './cpf.ts';
import { normalizePhone } from './phones.ts';
import { V } from './validation.ts';

/**
 * PIX "copia e cola" payloads in Banco Central's BR Code format (Manual de Padrões para Iniciação do Pix):
 * EMV® QRCPS merchant-presented fields, each written ID (2 digits) + length (2 digits) + value, closed by
 * field 63 with the CRC16-CCITT of everything before it (including "6304"). The QR code carries the same text.
 */

/** UTF-8 bytes (the domain runs in the browser and on the server, with no TextEncoder typing shared by both). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return bytes;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR), 4 upper-case hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  const length = utf8Bytes(value).length;
  if (length > 99) throw new Error(`BR Code field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/**
 * The BR Code allows only a restricted character set in names and cities; wallets reject accents in them.
 * Accents are removed and the text cut to the field's maximum. What is left may be nothing (a name of emoji
 * or `|` only): the settings refuse such a name (`isBrCodeText`), since a code with an empty field 59 or 60
 * is refused by the payer's bank.
 */
function plainText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,\-/@&*]/g, '')
    .trim()
    .slice(0, max);
}

/** Whether a merchant name or city keeps at least one character in a BR Code. */
export function isBrCodeText(value: string): boolean {
  return plainText(value, 99) !== '';
}

export type PixPayloadInput = {
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Omitted: the payer types the amount. */
  amountCents?: number | null;
  /** Up to 25 letters and digits; '***' (none) when omitted, as the manual says for static codes. */
  txid?: string | null;
  description?: string | null;
};

function requiredText(name: string, value: string, max: number): string {
  const text = plainText(value, max);
  if (!text) throw new Error(`BR Code ${name} has no character a PIX code can carry`);
  return text;
}

export function pixPayload(input: PixPayloadInput): string {
  const account = [
    field('00', 'br.gov.bcb.pix'),
    field('01', input.key.trim()),
    input.description ? field('02', plainText(input.description, 40)) : '',
  ].join('');
  const txid = input.txid ? input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***' : '***';
  const body = [
    field('00', '01'),
    field('26', account),
    field('52', '0000'),
    field('53', '986'),
    input.amountCents ? field('54', (input.amountCents / 100).toFixed(2)) : '',
    field('58', 'BR'),
    field('59', requiredText('merchant name', input.merchantName, 25)),
    field('60', requiredText('merchant city', input.merchantCity, 15)),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return body + crc16Ccitt(body);
}

/** Splits a payload back into its top-level fields; null when a length runs past the end or the CRC is wrong. */
export function readPixPayload(payload: string): Record<string, string> | null {
  if (payload.length < 8 || crc16Ccitt(payload.slice(0, -4)) !== payload.slice(-4)) return null;
  const fields: Record<string, string> = {};
  let position = 0;
  while (position < payload.length) {
    const id = payload.slice(position, position + 2);
    const length = Number(payload.slice(position + 2, position + 4));
    if (!Number.isInteger(length) || position + 4 + length > payload.length) return null;
    fields[id] = payload.slice(position + 4, position + 4 + length);
    position += 4 + length;
  }
  return fields;
}

const EMAIL_KEY = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_WRITTEN = /^(\+|\()/;
const CPF_WRITTEN = /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/;

/**
 * A PIX key as the DICT holds it, from the key as people paste it: a CPF or CNPJ without punctuation (an
 * alphanumeric CNPJ's letters upper-case), a phone in E.164 (+5511987654321), an e-mail or a random key
 * (EVP, a UUID, lower-case) as they are; null when it is none of these. Eleven bare digits, or a CPF's own
 * punctuation, are a CPF (the DICT reads them so), never a phone: a phone is written some other way ("+55…",
 * "(11) 98765-4321", "11 98765-4321"). CPF and CNPJ check digits are checked, so a mistyped one is refused
 * here rather than by the payer's bank.
 */
export function normalizePixKey(value: string): string | null {
  const key = value.trim();
  if (key.length > 77) return null;
  if (EMAIL_KEY.test(key)) return key;
  if (RANDOM_KEY.test(key)) return key.toLowerCase();
  if (PHONE_WRITTEN.test(key)) return normalizePhone(key, 'BR');
  if (CPF_WRITTEN.test(key)) return isValidCpf(key) ? normalizeCpf(key) : null;
  return isValidCnpj(key) ? normalizeCnpj(key) : normalizePhone(key, 'BR');
}

export function isPixKey(value: string): boolean {
  return normalizePixKey(value) !== null;
}

/** A merchant name or city: empty is "not set"; text a BR Code would carry as nothing is refused. */
function brCodeText(max: number) {
  return z
    .string()
    .trim()
    .max(max, V.max)
    .refine((value) => value === '' || isBrCodeText(value), V.pixText)
    .nullish()
    .transform((value) => value || null);
}

/** The organization's PIX receiving details (settings). Empty key: PIX codes are not offered. */
export const PixSettingsInput = z.object({
  pixKey: z
    .string()
    .trim()
    .max(77, V.max)
    .refine((value) => value === '' || isPixKey(value), V.pixKey)
    .nullish()
    .transform((value) => (value ? normalizePixKey(value) : null)),
  pixMerchantName: brCodeText(25),
  pixMerchantCity: brCodeText(15),
});
export type PixSettingsInput = z.input<typeof PixSettingsInput>;
export type PixSettingsValues = z.output<typeof PixSettingsInput>;

export const PixSettings = z.object({
  pixKey: z.string().nullable(),
  pixMerchantName: z.string().nullable(),
  pixMerchantCity: z.string().nullable(),
});
export type PixSettings = z.infer<typeof PixSettings>;

/** What a studio's static BR Code names when the settings leave it out: the organization and its time zone. */
export type PixMerchant = { organizationName: string; timeZone: string };

/** "America/Sao_Paulo" → "Sao Paulo": the BR Code must name a city; the zone's stands in until one is set. */
function cityOfTimeZone(timeZone: string): string {
  return (timeZone.split('/').pop() ?? '').replace(/_/g, ' ');
}

/** The first of the texts a BR Code can carry (not empty once accents and symbols are left out). */
const firstCarriable = (...texts: (string | null)[]) =>
  texts.find((text) => text && isBrCodeText(text)) ?? null;

/**
 * The studio's static "copia e cola" text for an amount (staff's payment code, the portal without a PSP), or
 * null when it cannot have one: no PIX key set, an amount in another currency than the real (PIX moves reais
 * only), or no merchant name a code can carry (the settings name none and the organization's is only emoji
 * or symbols: `isBrCodeText`). `reference` is field 62-05, which the studio sees on its bank statement.
 */
export function studioPixCode(
  settings: PixSettings,
  merchant: PixMerchant,
  charge: { amountCents: number; currency: string; reference: string },
): string | null {
  const merchantName = firstCarriable(settings.pixMerchantName, merchant.organizationName);
  const merchantCity = firstCarriable(settings.pixMerchantCity, cityOfTimeZone(merchant.timeZone), 'Brasil');
  if (!settings.pixKey || charge.currency !== 'BRL' || !merchantName || !merchantCity) return null;
  return pixPayload({
    key: settings.pixKey,
    merchantName,
    merchantCity,
    amountCents: charge.amountCents,
    txid: charge.reference,
  });
}
