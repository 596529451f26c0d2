import { crc16Ccitt } from '@reformer/domain/pix';

/**
 * The "copia e cola" of a charge with a due date: a dynamic BR Code (Manual de Padrões para Iniciação do Pix),
 * which carries no key and no amount but the charge's location (field 26.25, without "https://"); the payer's
 * bank fetches the charge there and computes the amount of the day (interest, fine, discount).
 * packages/domain's pixPayload writes the static code (key and amount); the CRC is its.
 */
function field(id: string, value: string): string {
  const length = Buffer.byteLength(value, 'utf8');
  if (length > 99) throw new Error(`BR Code field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Names and cities in the BR Code: no accents, only the manual's characters, cut to the field's maximum. */
function plain(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,\-/@&*]/g, '')
    .trim()
    .slice(0, max);
}

export function dynamicBrCode(input: {
  /** The charge's location (cob or cobv); left out in a recurrence's own QR (Jornada 2). */
  location?: string;
  /** The recurrence's location (field 80.25): a "QR composto" that also asks to authorize it. */
  recurrenceLocation?: string;
  merchantName: string;
  merchantCity: string;
}): string {
  const gui = field('00', 'br.gov.bcb.pix');
  const body = [
    field('00', '01'),
    input.location ? field('01', '12') : '', // point of initiation 12: a code for one payment
    field('26', input.location ? gui + field('25', input.location) : gui),
    field('52', '0000'),
    field('53', '986'),
    field('58', 'BR'),
    field('59', plain(input.merchantName, 25)),
    field('60', plain(input.merchantCity, 15)),
    field('62', field('05', '***')),
    input.recurrenceLocation ? field('80', gui + field('25', input.recurrenceLocation)) : '',
    '6304',
  ].join('');
  return body + crc16Ccitt(body);
}
