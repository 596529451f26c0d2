import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount } from './pix-amounts.ts';
import { TXID_LENGTH, txidFor } from './txid.ts';

const SPEC_TXID = /^[a-zA-Z0-9]{26,35}$/;

describe('txidFor', () => {
  it('gives the same txid for the same parts, in the spec pattern', () => {
    const parts = [
      '0193f1a2-0000-7000-8000-000000000001',
      '0193f1a2-0000-7000-8000-000000000002',
      '2026-01-05',
    ];
    const txid = txidFor(parts);
    expect(txid).toMatch(SPEC_TXID);
    expect(txid).toHaveLength(TXID_LENGTH);
    expect(txidFor([...parts])).toBe(txid);
  });

  it('gives another txid when any part changes, and keeps the boundary between parts', () => {
    const base = txidFor(['org', 'enrollment', '2026-01-05']);
    expect(txidFor(['org', 'enrollment', '2026-02-05'])).not.toBe(base);
    expect(txidFor(['org2', 'enrollment', '2026-01-05'])).not.toBe(base);
    expect(txidFor(['ab', 'c'])).not.toBe(txidFor(['a', 'bc']));
    expect(txidFor(['a:b'])).not.toBe(txidFor(['a', 'b']));
  });

  it('is stable across releases (a changed derivation would duplicate every open charge)', () => {
    expect(txidFor(['org', 'enrollment', '2026-01-05'])).toMatchInlineSnapshot(
      `"04da0fbd924771c05c6ebd843df6645cacd"`,
    );
  });

  it('refuses no parts or an empty part', () => {
    expect(() => txidFor([])).toThrow(RangeError);
    expect(() => txidFor(['org', ''])).toThrow(RangeError);
  });
});

describe('amounts', () => {
  it('writes cents as the spec decimal string and reads it back', () => {
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(24_900)).toBe('249.00');
    expect(centsToAmount(123_456)).toBe('1234.56');
    for (const cents of [0, 1, 99, 100, 24_900, 99_999_999_99])
      expect(amountToCents(centsToAmount(cents))).toBe(cents);
  });

  it('refuses what is not a two-place amount', () => {
    for (const amount of ['10', '10.5', '10.000', '-1.00', '1,00', ''])
      expect(() => amountToCents(amount)).toThrow();
    expect(() => centsToAmount(-1)).toThrow();
    expect(() => centsToAmount(1.5)).toThrow();
  });
});
