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
