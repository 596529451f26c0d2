import { describe, expect, it } from 'vitest';
import { centsToInput, formatMoney, parseMoneyInput } from './money.ts';

describe('money', () => {
  it.each([
    ['249', 24900],
    ['249.9', 24990],
    ['249,90', 24990],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['R$ 749,00', 74900],
    ['0', 0],
    ['1.234', 123400],
    ['1,234,567', 123456700],
    ['1.234.567,8', 123456780],
    ['12,', 1200],
  ])('reads %s as %i cents', (typed, cents) => {
    expect(parseMoneyInput(typed)).toBe(cents);
  });

  it.each([
    '',
    'abc',
    '-5',
    '12.3.4,5x',
    '12.3456',
    '1.5.0',
    '1,2,3',
    '1.234.56',
    '12,34.5',
    ',50',
    '1.23,4',
  ])('refuses %s (never a price a thousand times larger)', (typed) => {
    expect(parseMoneyInput(typed)).toBeNull();
  });

  it('formats by locale', () => {
    expect(formatMoney(123456, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(centsToInput(24990, 'pt-BR')).toBe('249,90');
    expect(centsToInput(5, 'en-US')).toBe('0.05');
  });
});
