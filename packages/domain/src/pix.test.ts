import fc from 'fast-check';
import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import {
  crc16Ccitt,
  isPixKey,
  normalizePixKey,
  PixSettingsInput,
  pixPayload,
  readPixPayload,
} from './pix.ts';

/**
 * Every code a test builds is read back by an independent parser (pix-utils), as a payer's bank would:
 * its fields must be the ones we meant (issue #27: an emoji-only name made a code it refused).
 */
function readByPixUtils(payload: string) {
  const parsed = parsePix(payload);
  if (hasError(parsed) || !('pixKey' in parsed)) throw new Error(`pix-utils refuses ${payload}`);
  return parsed;
}

/** Banco Central's example of a static BR Code (Manual de Padrões para Iniciação do Pix, annex). */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('CRC16-CCITT', () => {
  it('matches the standard check value of CRC-16/CCITT-FALSE', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  it("matches Banco Central's example and a payment code in circulation", () => {
    expect(crc16Ccitt(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
    const withAmount =
      '00020126360014BR.GOV.BCB.PIX0114+5599981916389520400005303986540549.005802BR5910AGCPARKING6006BRASIL62150511AGC480F35B363041A95';
    expect(crc16Ccitt(withAmount.slice(0, -4))).toBe('1A95');
  });
});

describe('BR Code payload', () => {
  it("rebuilds Banco Central's example byte for byte", () => {
    const payload = pixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(payload).toBe(BCB_EXAMPLE);
    expect(readByPixUtils(payload)).toMatchObject({
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
  });

  it('writes the amount with two decimals and a point, and reads back with a valid CRC', () => {
    const payload = pixPayload({
      key: '+5511987654321',
      merchantName: 'Estúdio Respiro Pilates Ltda ME',
      merchantCity: 'São Paulo',
      amountCents: 123456,
      txid: 'REF-2027/03',
    });
    const fields = readPixPayload(payload);
    expect(fields).toMatchObject({
      '00': '01',
      '52': '0000',
      '53': '986',
      '54': '1234.56',
      '58': 'BR',
      '59': 'Estudio Respiro Pilates L',
      '60': 'Sao Paulo',
      '62': '0509REF202703',
    });
    expect(fields?.['26']).toBe('0014br.gov.bcb.pix0114+5511987654321');
    expect(readByPixUtils(payload)).toMatchObject({
      pixKey: '+5511987654321',
      merchantName: 'Estudio Respiro Pilates L',
      merchantCity: 'Sao Paulo',
      transactionAmount: 1234.56,
      txid: 'REF202703',
    });
  });

  it('makes a code pix-utils reads for any settings the schema accepts (issue #27)', () => {
    const keys = [
      '11.222.333/0001-81',
      '12.ABC.345/01DE-35',
      '529.982.247-25',
      '(11) 98765-4321',
      'financeiro@estudio.com.br',
      '123e4567-e12b-12d1-a456-426655440000',
    ];
    // Names as studios type them: accents, emoji, symbols, spaces, and text that is only emoji or |.
    const text = (max: number) =>
      fc.string({
        unit: fc.constantFrom('a', 'Ç', 'é', ' ', '|', '🧘', '-', '7', 'ã', '&', '\u200d', '.'),
        maxLength: max,
      });
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        text(25),
        text(15),
        fc.option(fc.integer({ min: 1, max: 100_000_000 }), { nil: null }),
        (pixKey, pixMerchantName, pixMerchantCity, amountCents) => {
          const settings = PixSettingsInput.safeParse({ pixKey, pixMerchantName, pixMerchantCity });
          if (!settings.success) return;
          const { pixKey: key, pixMerchantName: name, pixMerchantCity: city } = settings.data;
          const payload = pixPayload({
            key: key ?? '',
            merchantName: name ?? 'Estudio',
            merchantCity: city ?? 'Sao Paulo',
            amountCents,
            txid: 'REF1',
          });
          const parsed = readByPixUtils(payload);
          expect(parsed.pixKey).toBe(key);
          expect(parsed.merchantName).not.toBe('');
          expect(parsed.merchantCity).not.toBe('');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a payload whose CRC or lengths do not add up', () => {
    expect(readPixPayload(BCB_EXAMPLE)).not.toBeNull();
    expect(readPixPayload(BCB_EXAMPLE.replace('Fulano', 'Fulana'))).toBeNull();
    expect(readPixPayload('000201')).toBeNull();
  });
});

describe('PIX keys', () => {
  it('accepts CPF, CNPJ, e-mail, phone in E.164 and random keys', () => {
    for (const key of [
      '52998224725',
      '11222333000181',
      'financeiro@estudio.com.br',
      '+5511987654321',
      '123e4567-e12b-12d1-a456-426655440000',
    ]) {
      expect(isPixKey(key), key).toBe(true);
    }
    for (const key of ['', '11987654321x', 'not a key', '52998224726', '11222333000180', '(11) 1234'])
      expect(isPixKey(key), key).toBe(false);
  });

  it('stores a key pasted with punctuation as the DICT holds it (issue #27)', () => {
    expect(normalizePixKey('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizePixKey('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('11 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('+55 (11) 98765-4321')).toBe('+5511987654321');
    // The alphanumeric CNPJ (from July 2026) keeps its letters, upper-case.
    expect(normalizePixKey('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('123E4567-E12B-12D1-A456-426655440000')).toBe(
      '123e4567-e12b-12d1-a456-426655440000',
    );
    // Eleven bare digits are a CPF for the DICT: a phone's digits alone are refused, not guessed at.
    expect(normalizePixKey('11987654321')).toBeNull();
  });

  it('normalises the key in the settings, and refuses a name or city a code would carry as nothing', () => {
    const parsed = PixSettingsInput.parse({
      pixKey: '(11) 98765-4321',
      pixMerchantName: 'Estúdio Respiro 🧘',
      pixMerchantCity: '',
    });
    expect(parsed).toEqual({
      pixKey: '+5511987654321',
      pixMerchantName: 'Estúdio Respiro 🧘',
      pixMerchantCity: null,
    });
    for (const empty of ['🧘‍♀️🧘', '|||', ' | 🌿 | ']) {
      const refused = PixSettingsInput.safeParse({
        pixKey: '52998224725',
        pixMerchantName: empty,
        pixMerchantCity: empty,
      });
      expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
        ['pixMerchantName', 'validation.pixText'],
        ['pixMerchantCity', 'validation.pixText'],
      ]);
    }
    expect(() => pixPayload({ key: '52998224725', merchantName: '🧘', merchantCity: 'Campinas' })).toThrow();
  });
});
