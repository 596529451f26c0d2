import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  certificateExpiresSoon,
  PSP_PRESET_DETAILS,
  PSP_PRESETS,
  PspConnectionInput,
  percentToBasisPoints,
  presetDetails,
  presetEndpoints,
  pspExtrasByLocation,
  ReceiverAccountInput,
} from './pix-psp.ts';
import { issueKeys } from './test-helpers.ts';

const valid = {
  preset: 'EFI',
  environment: 'SANDBOX',
  baseUrl: 'https://pix-h.api.efipay.com.br/v2',
  tokenUrl: 'https://pix-h.api.efipay.com.br/oauth/token',
  scopes: 'cobv.write cobv.read',
  clientId: 'Client_Id_abc',
  clientSecret: 'Client_Secret_xyz',
  certificate: { format: 'PFX', pfxBase64: 'MIIKaQIBAzCCCi8=', password: '' },
  pixKey: 'financeiro@studio.com.br',
  chargeDaysAhead: 5,
  finePercent: 2,
  interestPercentMonthly: 1,
  discount: null,
} as const;

describe('PspConnectionInput', () => {
  it('takes a whole connection, an empty secret and password meaning "keep the stored one"', () => {
    const parsed = PspConnectionInput.parse({ ...valid, clientSecret: '' });
    expect(parsed.clientSecret).toBeUndefined();
    expect(parsed.certificate).toEqual({ format: 'PFX', pfxBase64: 'MIIKaQIBAzCCCi8=', password: undefined });
    expect(parsed.extras).toEqual({});
    expect(PspConnectionInput.parse({ ...valid, certificate: undefined }).certificate).toBeUndefined();
  });

  it('refuses a fine above 2 % and interest above 1 % a month (CDC art. 52 §1, the issue)', () => {
    expect(PspConnectionInput.safeParse({ ...valid, finePercent: 2 }).success).toBe(true);
    expect(issueKeys(PspConnectionInput.safeParse({ ...valid, finePercent: 2.01 }))).toEqual([
      'finePercent:validation.outOfRange',
    ]);
    expect(issueKeys(PspConnectionInput.safeParse({ ...valid, interestPercentMonthly: 1.5 }))).toEqual([
      'interestPercentMonthly:validation.outOfRange',
    ]);
    expect(issueKeys(PspConnectionInput.safeParse({ ...valid, finePercent: -0.5 }))).toEqual([
      'finePercent:validation.outOfRange',
    ]);
  });

  it('takes percentages with at most two decimals', () => {
    expect(
      PspConnectionInput.safeParse({ ...valid, finePercent: 0.07, interestPercentMonthly: 0.33 }).success,
    ).toBe(true);
    expect(issueKeys(PspConnectionInput.safeParse({ ...valid, finePercent: 1.005 }))).toEqual([
      'finePercent:validation.format',
    ]);
  });

  it('creates charges 1 to 30 days ahead, whole days', () => {
    for (const days of [1, 30])
      expect(PspConnectionInput.safeParse({ ...valid, chargeDaysAhead: days }).success).toBe(true);
    for (const days of [0, 31, 2.5])
      expect(issueKeys(PspConnectionInput.safeParse({ ...valid, chargeDaysAhead: days }))).toEqual([
        'chargeDaysAhead:validation.outOfRange',
      ]);
  });

  it('takes a discount whose last day falls after the charge exists', () => {
    expect(PspConnectionInput.safeParse({ ...valid, discount: { percent: 5, daysBefore: 4 } }).success).toBe(
      true,
    );
    expect(
      issueKeys(PspConnectionInput.safeParse({ ...valid, discount: { percent: 5, daysBefore: 5 } })),
    ).toEqual(['discount.daysBefore:validation.outOfRange']);
    expect(
      issueKeys(PspConnectionInput.safeParse({ ...valid, discount: { percent: 0, daysBefore: 0 } })),
    ).toEqual(['discount.percent:validation.outOfRange']);
  });

  it('takes https URLs only, without credentials in them', () => {
    for (const baseUrl of [
      'http://pix.example.com/v2',
      'ftp://pix.example.com',
      'https://user:pass@pix.example.com/v2',
      'pix.example.com',
    ])
      expect(issueKeys(PspConnectionInput.safeParse({ ...valid, baseUrl }))).toEqual([
        'baseUrl:validation.format',
      ]);
  });

  it('needs a PIX key, checked by the organization PIX key rule', () => {
    expect(issueKeys(PspConnectionInput.safeParse({ ...valid, pixKey: '' }))).toEqual([
      'pixKey:validation.required',
    ]);
    expect(issueKeys(PspConnectionInput.safeParse({ ...valid, pixKey: 'not a key' }))).toEqual([
      'pixKey:validation.pixKey',
    ]);
    expect(PspConnectionInput.parse({ ...valid, pixKey: ' 12345678909 ' }).pixKey).toBe('12345678909');
  });

  it("asks for the preset's required extras and refuses others (Banco do Brasil's application key)", () => {
    const bb = { ...valid, preset: 'BANCO_DO_BRASIL' } as const;
    expect(issueKeys(PspConnectionInput.safeParse(bb))).toEqual([
      'extras.gw-dev-app-key:validation.required',
    ]);
    expect(PspConnectionInput.safeParse({ ...bb, extras: { 'gw-dev-app-key': 'abc' } }).success).toBe(true);
    expect(issueKeys(PspConnectionInput.safeParse({ ...valid, extras: { 'x-other': 'abc' } }))).toEqual([
      'extras.x-other:validation.unknownField',
    ]);
  });

  it('takes a certificate as PEM text or as a PFX in base64', () => {
    const pem = { format: 'PEM', pem: '-----BEGIN CERTIFICATE-----\n...' };
    expect(PspConnectionInput.safeParse({ ...valid, certificate: pem }).success).toBe(true);
    expect(
      issueKeys(
        PspConnectionInput.safeParse({ ...valid, certificate: { format: 'PFX', pfxBase64: 'not base64!' } }),
      ),
    ).toEqual(['certificate.pfxBase64:validation.format']);
    expect(
      PspConnectionInput.safeParse({
        ...valid,
        certificate: { format: 'PFX', pfxBase64: 'A'.repeat(70_000) },
      }).success,
    ).toBe(false);
  });
});

describe('presets', () => {
  it('give every named PSP https URLs for production and sandbox', () => {
    for (const preset of PSP_PRESETS.filter((preset) => preset !== 'CUSTOM')) {
      const details = PSP_PRESET_DETAILS[preset as Exclude<typeof preset, 'CUSTOM'>];
      for (const endpoints of [details.production, details.sandbox]) {
        expect(endpoints.baseUrl).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//);
        expect(endpoints.tokenUrl).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//);
      }
      // Each preset's own URLs pass the input's rules.
      const extras = Object.fromEntries(details.extras.map((extra) => [extra.key, 'value']));
      const input = { ...valid, preset, ...details.sandbox, extras };
      expect(issueKeys(PspConnectionInput.safeParse(input))).toEqual([]);
    }
  });

  it('fill the URLs by environment; a custom PSP has none', () => {
    expect(presetEndpoints('EFI', 'PRODUCTION')?.baseUrl).toBe('https://pix.api.efipay.com.br/v2');
    expect(presetEndpoints('EFI', 'SANDBOX')?.baseUrl).toBe('https://pix-h.api.efipay.com.br/v2');
    expect(presetEndpoints('CUSTOM', 'PRODUCTION')).toBeNull();
    expect(presetDetails('SICOOB').hasClientSecret).toBe(false);
    expect(presetDetails('CUSTOM').hasClientSecret).toBe(true);
  });
});

describe('percentages and expiry', () => {
  it('store percentages as basis points and back', () => {
    expect(percentToBasisPoints(2)).toBe(200);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(percentToBasisPoints(0.33)).toBe(33);
    expect(basisPointsToPercent(33)).toBe(0.33);
  });

  it('flag a certificate expiring within 30 days', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(certificateExpiresSoon('2026-12-25T12:00:00Z', now)).toBe(true);
    expect(certificateExpiresSoon('2026-12-26T12:00:01Z', now)).toBe(false);
    expect(certificateExpiresSoon('2026-11-01T00:00:00Z', now)).toBe(true);
  });
});

describe('pspExtrasByLocation', () => {
  it('sends Banco do Brasil’s application key in the query and Inter’s account as a header, nothing empty or unknown', () => {
    expect(
      pspExtrasByLocation({ 'gw-dev-app-key': 'app-key-1', 'x-conta-corrente': '123456-7', other: 'x' }),
    ).toEqual({ query: { 'gw-dev-app-key': 'app-key-1' }, headers: { 'x-conta-corrente': '123456-7' } });
    expect(pspExtrasByLocation({ 'x-conta-corrente': '' })).toEqual({ query: {}, headers: {} });
  });

  it('knows where every extra a preset asks for travels', () => {
    for (const preset of PSP_PRESETS) {
      for (const extra of presetDetails(preset).extras) {
        const sent = pspExtrasByLocation({ [extra.key]: 'value' });
        expect({ ...sent.query, ...sent.headers }).toEqual({ [extra.key]: 'value' });
      }
    }
  });
});

describe('the receiving company and account (Pix Automático)', () => {
  it('takes a CNPJ bare or formatted, alphanumeric included, and an empty branch as none', () => {
    const parsed = ReceiverAccountInput.parse({
      cnpj: '12.ABC.345/01DE-35',
      branch: '',
      account: '12345-6',
      accountType: 'PAGAMENTO',
    });
    expect(parsed).toEqual({
      cnpj: '12ABC34501DE35',
      branch: null,
      account: '12345-6',
      accountType: 'PAGAMENTO',
    });
  });

  it('refuses a CPF or a wrong check digit as the CNPJ, and what the standard does not hold', () => {
    const result = ReceiverAccountInput.safeParse({
      cnpj: '529.982.247-25',
      branch: '12345',
      account: '',
      accountType: 'POUPANÇA',
    });
    expect(result.success).toBe(false);
    const paths = new Set(result.error?.issues.map((issue) => issue.path.join('.')));
    expect([...paths].sort()).toEqual(['account', 'accountType', 'branch', 'cnpj']);
  });
});
