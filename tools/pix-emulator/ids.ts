import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** yyyyMMddHHmm in UTC, as the SPI writes it inside end-to-end and return ids. */
function minuteStamp(at: Date): string {
  return at.toISOString().replace(/[-T:]/g, '').slice(0, 12);
}

/**
 * An EndToEndId (32 characters): "E", the payer's PSP ISPB (8), the minute (12) and 11 characters that make it
 * unique — the format of the SPI's pacs.008.
 */
export function endToEndId(at: Date, ispb = '99999008'): string {
  return `E${ispb}${minuteStamp(at)}${randomAlphanumeric(11)}`;
}

/** A refund's rtrId (32 characters): "D", the receiver's PSP ISPB, the minute and 11 unique characters. */
export function returnId(at: Date, ispb = '99999004'): string {
  return `D${ispb}${minuteStamp(at)}${randomAlphanumeric(11)}`;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
