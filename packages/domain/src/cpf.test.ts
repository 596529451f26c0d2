import { describe, expect, it } from 'vitest';
import { completeCpf, formatCpf, isValidCpf, normalizeCpf } from './cpf.ts';

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', ' 111.444.777-35 '.trim()])(
    'accepts %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(true);
    },
  );

  it.each([
    ['wrong first check digit', '529.982.247-35'],
    ['wrong second check digit', '529.982.247-26'],
    ['too short', '5299822472'],
    ['too long', '529982247255'],
    ['letters', '52998224a25'],
    ['empty', ''],
  ])('refuses %s', (_reason, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it.each(['000.000.000-00', '111.111.111-11', '99999999999'])('refuses repeated digits %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('normalizes and formats', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('completes the first nine digits with their check digits, as the Receita issues them', () => {
    expect(completeCpf('529982247')).toBe('52998224725');
    expect(completeCpf('111444777')).toBe('11144477735');
    expect(() => completeCpf('12345')).toThrow();
  });
});
