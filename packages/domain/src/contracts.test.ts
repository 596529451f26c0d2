import { describe, expect, it } from 'vitest';
import {
  ageOn,
  canWithdrawOn,
  isMinorOn,
  isSameCpf,
  SignContractInput,
  withdrawalDeadline,
} from './contracts.ts';
import { isValidCpf } from './cpf.ts';
import { todayIn } from './time-zones.ts';

describe('CPF check digits', () => {
  it('accepts a CPF whose two check digits add up, typed bare or formatted', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });
  it('refuses a wrong check digit, repeated digits and the wrong length', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });
  it('compares a typed CPF with the one on file by its digits; none on file never matches', () => {
    expect(isSameCpf('529.982.247-25', '52998224725')).toBe(true);
    expect(isSameCpf('111.444.777-35', '52998224725')).toBe(false);
    expect(isSameCpf('529.982.247-25', null)).toBe(false);
  });
});

describe('the minor rule (LGPD art. 14)', () => {
  it('counts whole years, the birthday itself being the new year', () => {
    expect(ageOn('2009-03-10', '2027-03-09')).toBe(17);
    expect(ageOn('2009-03-10', '2027-03-10')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
  it('is a minor under 18 on file; no birth date on file signs as an adult', () => {
    expect(isMinorOn('2009-03-10', '2027-03-09')).toBe(true);
    expect(isMinorOn('2009-03-10', '2027-03-10')).toBe(false);
    expect(isMinorOn(null, '2027-03-09')).toBe(false);
  });
  it('asks a guardian for both their name and CPF, and an adult for both theirs', () => {
    const base = { versionId: 'v', accepted: true };
    expect(SignContractInput.safeParse({ ...base, guardianName: 'Maria Souza' }).success).toBe(false);
    expect(SignContractInput.safeParse({ ...base, fullName: 'Bia Lima' }).success).toBe(false);
    expect(
      SignContractInput.safeParse({ ...base, guardianName: 'Maria Souza', guardianCpf: '111.444.777-35' })
        .success,
    ).toBe(true);
    expect(
      SignContractInput.safeParse({ ...base, accepted: false, fullName: 'Bia Lima', cpf: '52998224725' })
        .success,
    ).toBe(false);
  });
});

describe('the 7-day withdrawal window (CDC art. 49)', () => {
  it('runs to the 7th day after the day of signing, inclusive', () => {
    expect(withdrawalDeadline('2027-03-01')).toBe('2027-03-08');
    expect(canWithdrawOn('2027-03-01', '2027-03-08')).toBe(true);
    expect(canWithdrawOn('2027-03-01', '2027-03-09')).toBe(false);
    expect(withdrawalDeadline('2027-02-25')).toBe('2027-03-04');
  });
  it("counts days in the studio's time zone, not UTC", () => {
    const signedOn = todayIn('America/Sao_Paulo', new Date('2027-03-02T02:00:00Z'));
    expect(signedOn).toBe('2027-03-01');
    const lateOnDay7 = todayIn('America/Sao_Paulo', new Date('2027-03-09T02:59:00Z'));
    expect(canWithdrawOn(signedOn, lateOnDay7)).toBe(true);
    const day8 = todayIn('America/Sao_Paulo', new Date('2027-03-09T03:00:00Z'));
    expect(canWithdrawOn(signedOn, day8)).toBe(false);
  });
});
