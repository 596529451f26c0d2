import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone, whatsAppNumber } from './phones.ts';

describe('phones', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['+55 11 98765-4321', '+5511987654321'],
    ['55 11 98765 4321', '+5511987654321'],
    ['(21) 3333-4444', '+552133334444'],
    ['011 98765-4321', '+5511987654321'],
    ['(11) 8765-432', null],
    ['(00) 98765-4321', null],
    ['(11) 18765-4321', null],
    ['abc', null],
  ])('normalizes the Brazilian %s to %s', (typed, stored) => {
    expect(normalizePhone(typed, 'BR')).toBe(stored);
    expect(isValidPhone(typed, 'BR')).toBe(stored !== null);
  });

  it('normalizes numbers of other countries with their own rules', () => {
    expect(normalizePhone('(212) 555-0123', 'US')).toBe('+12125550123');
    expect(normalizePhone('+44 20 7946 0958', 'BR')).toBe('+442079460958');
    expect(normalizePhone('123', 'US')).toBeNull();
  });

  it('shows a number the way its country writes it for a viewer there, internationally otherwise', () => {
    expect(formatPhone('+5511987654321', 'BR')).toBe('(11) 98765-4321');
    expect(formatPhone('+552133334444', 'BR')).toBe('(21) 3333-4444');
    expect(formatPhone('+12125550123', 'BR')).toBe('+1 212 555 0123');
    expect(formatPhone('+5511987654321', 'US')).toBe('+55 11 98765 4321');
    expect(formatPhone('not a phone', 'BR')).toBe('not a phone');
    expect(formatPhone(null)).toBe('');
  });

  it('gives wa.me the digits of the international number', () => {
    expect(whatsAppNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(whatsAppNumber('nope')).toBeNull();
  });
});

describe('the fast path for numbers written in Brazil', () => {
  it('answers exactly what libphonenumber answers', async () => {
    const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
    const reference = (value: string) => {
      const phone = parsePhoneNumberFromString(value, 'BR');
      if (!phone?.isPossible()) return null;
      return /^[1-9]{2}(9\d{8}|[2-8]\d{7})$/.test(phone.nationalNumber) ? phone.number : null;
    };
    const written: string[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      const ddd = String(11 + ((i * 7) % 89));
      const mobile = `9${String((i * 7_919_317) % 100_000_000).padStart(8, '0')}`;
      const landline = `${2 + (i % 7)}${String((i * 104_729) % 10_000_000).padStart(7, '0')}`;
      const number = i % 3 === 0 ? landline : mobile;
      written.push(
        `(${ddd}) ${number.slice(0, -4)}-${number.slice(-4)}`,
        `${ddd}${number}`,
        `+55 ${ddd} ${number}`,
        `+55${ddd}${number}`,
      );
    }
    expect(written.filter((value) => normalizePhone(value, 'BR') !== reference(value))).toEqual([]);
  });
});
