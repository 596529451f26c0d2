import { z } from 'zod';
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
 * Accents are removed and the text cut to the field's maximum.
 */
function plainText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,\-/@&*]/g, '')
    .trim()
    .slice(0, max);
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
    field('59', plainText(input.merchantName, 25)),
    field('60', plainText(input.merchantCity, 15)),
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

/** PIX key kinds: CPF/CNPJ digits, e-mail, phone in E.164, or the random key (EVP, a UUID). */
const PIX_KEY_PATTERNS = [
  /^\d{11}$/, // CPF
  /^\d{14}$/, // CNPJ
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/, // e-mail
  /^\+[1-9]\d{7,14}$/, // phone
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // random key
];

export function isPixKey(value: string): boolean {
  return value.length <= 77 && PIX_KEY_PATTERNS.some((pattern) => pattern.test(value));
}

/** The organization's PIX receiving details (settings). Empty key: PIX codes are not offered. */
export const PixSettingsInput = z.object({
  pixKey: z
    .string()
    .trim()
    .max(77, V.max)
    .refine((value) => value === '' || isPixKey(value), V.pixKey)
    .nullish()
    .transform((value) => value || null),
  pixMerchantName: z
    .string()
    .trim()
    .max(25, V.max)
    .nullish()
    .transform((value) => value || null),
  pixMerchantCity: z
    .string()
    .trim()
    .max(15, V.max)
    .nullish()
    .transform((value) => value || null),
});
export type PixSettingsInput = z.input<typeof PixSettingsInput>;
export type PixSettingsValues = z.output<typeof PixSettingsInput>;

export const PixSettings = z.object({
  pixKey: z.string().nullable(),
  pixMerchantName: z.string().nullable(),
  pixMerchantCity: z.string().nullable(),
});
export type PixSettings = z.infer<typeof PixSettings>;
