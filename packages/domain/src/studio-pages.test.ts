import { describe, expect, it } from 'vitest';
import {
  contrastWithWhite,
  isConverted,
  isReadableAccent,
  isSamePerson,
  StudioPageInput,
  slugProblem,
  sniffLogoType,
  TrialBookingInput,
} from './studio-pages.ts';

describe('slugProblem', () => {
  it('takes lowercase words, digits and single inner hyphens, 3 to 40 characters', () => {
    for (const slug of ['pilates-sol', 'studio2', 'abc', 'a1-b2-c3'])
      expect(slugProblem(slug), slug).toBeNull();
    for (const slug of ['ab', 'Pilates', '-sol', 'sol-', 'sol--lua', 'sol lua', 'ç-sol', 'a'.repeat(41)])
      expect(slugProblem(slug), slug).toBe('FORMAT');
  });

  it("refuses the app's own paths", () => {
    for (const slug of ['app', 'api', 'portal', 'login', 'sign-in', 'about', 'privacy-policy', 'my-classes'])
      expect(slugProblem(slug), slug).toBe('RESERVED');
  });

  it('is applied by the settings schema after trimming and lowering', () => {
    const parsed = StudioPageInput.parse({
      slug: ' Pilates-Sol ',
      displayName: 'Sol',
      accentColor: '#1D4ED8',
    });
    expect(parsed).toEqual({ slug: 'pilates-sol', displayName: 'Sol', accentColor: '#1d4ed8' });
  });
});

describe('the accent colour', () => {
  it('measures the WCAG contrast of white text', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
  });

  it('accepts colours white text reads on (4.5:1), refuses light ones and malformed values', () => {
    expect(isReadableAccent('#1d4ed8')).toBe(true);
    expect(isReadableAccent('#767676')).toBe(true);
    expect(isReadableAccent('#777777')).toBe(false);
    expect(isReadableAccent('#fde68a')).toBe(false);
    expect(isReadableAccent('blue')).toBe(false);
    expect(isReadableAccent('#12345')).toBe(false);
  });
});

describe('sniffLogoType', () => {
  const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  it('reads PNG, JPEG and WebP from their signatures', () => {
    expect(sniffLogoType(bytes('89504e470d0a1a0a0000'))).toBe('image/png');
    expect(sniffLogoType(bytes('ffd8ffe000104a464946'))).toBe('image/jpeg');
    expect(sniffLogoType(bytes('524946462400000057454250565038'))).toBe('image/webp');
  });

  it('refuses anything else, whatever its name', () => {
    expect(
      sniffLogoType(Uint8Array.from('<svg xmlns="http://www.w3.org/2000/svg"/>', (c) => c.charCodeAt(0))),
    ).toBeNull();
    expect(sniffLogoType(bytes('52494646240000005741564520'))).toBeNull(); // RIFF but WAVE
    expect(sniffLogoType(new Uint8Array())).toBeNull();
  });
});

describe('one trial per person', () => {
  it('is the same person when e-mail, phone or CPF match, however written', () => {
    const ana = { email: 'Ana@Example.com ', phone: '(11) 98765-4321', cpf: null };
    expect(isSamePerson(ana, { email: 'ana@example.com', phone: null, cpf: null })).toBe(true);
    expect(isSamePerson(ana, { email: 'x@example.com', phone: '+5511987654321', cpf: null })).toBe(true);
    expect(
      isSamePerson(
        { email: null, phone: null, cpf: '529.982.247-25' },
        { email: null, phone: null, cpf: '52998224725' },
      ),
    ).toBe(true);
    expect(isSamePerson(ana, { email: 'bia@example.com', phone: '(11) 91234-5678', cpf: null })).toBe(false);
    expect(
      isSamePerson({ email: null, phone: null, cpf: null }, { email: null, phone: null, cpf: null }),
    ).toBe(false);
  });

  it('stores the booking form the way customers are stored', () => {
    const parsed = TrialBookingInput.parse({
      sessionId: 'x',
      fullName: 'Ana de Souza',
      email: ' ANA@example.com',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
      consent: true,
    });
    expect(parsed).toMatchObject({ email: 'ana@example.com', phone: '+5511987654321', cpf: '52998224725' });
    expect(TrialBookingInput.safeParse({ ...parsed, consent: false }).success).toBe(false);
    expect(TrialBookingInput.safeParse({ ...parsed, fullName: 'Ana' }).success).toBe(false);
  });
});

describe('isConverted', () => {
  const trial = { bookedOn: '2027-03-01', classDate: '2027-03-03' };
  it('counts an enrollment after the booking and within 30 days of the class', () => {
    expect(isConverted(trial, '2027-03-03')).toBe(true);
    expect(isConverted(trial, '2027-03-02')).toBe(true);
    expect(isConverted(trial, '2027-04-02')).toBe(true);
    expect(isConverted(trial, '2027-04-03')).toBe(false);
    expect(isConverted(trial, '2027-02-28')).toBe(false);
    expect(isConverted(trial, null)).toBe(false);
  });
});
