import { describe, expect, it } from 'vitest';
import { crc16Ccitt, isPixKey, pixPayload, readPixPayload } from './pix.ts';

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
    expect(
      pixPayload({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(BCB_EXAMPLE);
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
    for (const key of ['', '529.982.247-25', '11987654321x', 'not a key'])
      expect(isPixKey(key), key).toBe(false);
  });
});
