import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from './cnpj.ts';
import { PixSettingsInput } from './pix.ts';
import { V } from './validation.ts';

/**
 * The organization's PSP for PIX charges (issue #26 §3; docs/decisions/027): where its bank or payment
 * institution answers the Central Bank's standard "API Pix", the credentials and the mutual-TLS certificate
 * it issued, the PIX key charges are paid to, and the studio's terms for each `cobv` charge (how many days
 * before the due date it is created, fine, interest, discount). Without a connection nothing changes: the
 * static BR Code and manual payments stay.
 */

export const PSP_PRESETS = [
  'EFI',
  'SICOOB',
  'BANCO_DO_BRASIL',
  'ITAU',
  'SANTANDER',
  'INTER',
  'SICREDI',
  'CUSTOM',
] as const;
export type PspPresetId = (typeof PSP_PRESETS)[number];

export const PSP_ENVIRONMENTS = ['PRODUCTION', 'SANDBOX'] as const;
export type PspEnvironment = (typeof PSP_ENVIRONMENTS)[number];

/** PEM: the certificate (and its chain) and the private key as text; PFX: a PKCS#12 file (.pfx, .p12). */
export const CERTIFICATE_FORMATS = ['PEM', 'PFX'] as const;
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number];

type Endpoints = { baseUrl: string; tokenUrl: string };

/**
 * Values PSPs want beside the standard on every API call (not the token request), and where each travels:
 * Banco do Brasil's application key as a query parameter, Inter's checking account as a header.
 */
export const PSP_EXTRA_LOCATIONS = { 'gw-dev-app-key': 'query', 'x-conta-corrente': 'header' } as const;
export type PspExtraKey = keyof typeof PSP_EXTRA_LOCATIONS;

/** A value a preset's PSP wants beside the standard. */
export type PspExtra = { key: PspExtraKey; isRequired: boolean };

/** The saved extras as the API Pix client sends them; empty values and unknown keys are left out. */
export function pspExtrasByLocation(extras: Record<string, string>): {
  query: Record<string, string>;
  headers: Record<string, string>;
} {
  const sent = { query: {} as Record<string, string>, headers: {} as Record<string, string> };
  for (const [key, value] of Object.entries(extras)) {
    const location = PSP_EXTRA_LOCATIONS[key as PspExtraKey];
    if (!location || !value) continue;
    sent[location === 'query' ? 'query' : 'headers'][key] = value;
  }
  return sent;
}

export type PspPreset = {
  production: Endpoints;
  sandbox: Endpoints;
  /** Sent as `scope` in the token request; PSPs that grant scopes per application ignore it. */
  scopes: string;
  /** The format the PSP hands the certificate out in; the other is accepted too. */
  certificateFormat: CertificateFormat;
  /** Sicoob authenticates the client id and the certificate alone: no client secret exists. */
  hasClientSecret: boolean;
  extras: readonly PspExtra[];
};

/** What charges need: due-date charges, the PIX received and their refunds, and the webhook that reports them. */
export const PSP_SCOPES = 'cobv.write cobv.read pix.read pix.write webhook.write webhook.read';

/**
 * As each PSP documents them (what was checked against whose documentation: decision 027). Base URLs end
 * where the standard's paths (/cobv/{txid}, /pix, /webhook/{chave}) begin.
 */
export const PSP_PRESET_DETAILS: Record<Exclude<PspPresetId, 'CUSTOM'>, PspPreset> = {
  EFI: {
    production: {
      baseUrl: 'https://pix.api.efipay.com.br/v2',
      tokenUrl: 'https://pix.api.efipay.com.br/oauth/token',
    },
    sandbox: {
      baseUrl: 'https://pix-h.api.efipay.com.br/v2',
      tokenUrl: 'https://pix-h.api.efipay.com.br/oauth/token',
    },
    scopes: PSP_SCOPES,
    certificateFormat: 'PFX',
    hasClientSecret: true,
    extras: [],
  },
  SICOOB: {
    production: {
      baseUrl: 'https://api.sicoob.com.br/pix/api/v2',
      tokenUrl: 'https://auth.sicoob.com.br/auth/realms/cooperado/protocol/openid-connect/token',
    },
    sandbox: {
      baseUrl: 'https://sandbox.sicoob.com.br/sicoob/sandbox/pix/api/v2',
      tokenUrl: 'https://auth.sicoob.com.br/auth/realms/cooperado/protocol/openid-connect/token',
    },
    scopes: PSP_SCOPES,
    certificateFormat: 'PFX',
    hasClientSecret: false,
    extras: [],
  },
  BANCO_DO_BRASIL: {
    production: {
      baseUrl: 'https://api-pix.bb.com.br/pix/v2',
      tokenUrl: 'https://oauth.bb.com.br/oauth/token',
    },
    sandbox: {
      baseUrl: 'https://api.hm.bb.com.br/pix/v2',
      tokenUrl: 'https://oauth.hm.bb.com.br/oauth/token',
    },
    scopes: PSP_SCOPES,
    certificateFormat: 'PFX',
    hasClientSecret: true,
    extras: [{ key: 'gw-dev-app-key', isRequired: true }],
  },
  ITAU: {
    production: {
      baseUrl: 'https://secure.api.itau/pix_recebimentos/v2',
      tokenUrl: 'https://sts.itau.com.br/api/oauth/token',
    },
    sandbox: {
      baseUrl: 'https://devportal.itau.com.br/sandboxapi/pix_recebimentos_ext_v2/v2',
      tokenUrl: 'https://devportal.itau.com.br/api/jwt',
    },
    scopes: PSP_SCOPES,
    certificateFormat: 'PEM',
    hasClientSecret: true,
    extras: [],
  },
  SANTANDER: {
    production: {
      baseUrl: 'https://trust-pix.santander.com.br/api/v1',
      tokenUrl: 'https://trust-pix.santander.com.br/oauth/token',
    },
    sandbox: {
      baseUrl: 'https://trust-pix-h.santander.com.br/api/v1',
      tokenUrl: 'https://trust-pix-h.santander.com.br/oauth/token',
    },
    scopes: PSP_SCOPES,
    certificateFormat: 'PFX',
    hasClientSecret: true,
    extras: [],
  },
  INTER: {
    production: {
      baseUrl: 'https://cdpj.partners.bancointer.com.br/pix/v2',
      tokenUrl: 'https://cdpj.partners.bancointer.com.br/oauth/v2/token',
    },
    sandbox: {
      baseUrl: 'https://cdpj-sandbox.partners.uatinter.co/pix/v2',
      tokenUrl: 'https://cdpj-sandbox.partners.uatinter.co/oauth/v2/token',
    },
    scopes: PSP_SCOPES,
    certificateFormat: 'PEM',
    hasClientSecret: true,
    extras: [{ key: 'x-conta-corrente', isRequired: false }],
  },
  SICREDI: {
    production: {
      baseUrl: 'https://api-pix.sicredi.com.br/api/v2',
      tokenUrl: 'https://api-pix.sicredi.com.br/oauth/token',
    },
    sandbox: {
      baseUrl: 'https://api-pix-h.sicredi.com.br/api/v2',
      tokenUrl: 'https://api-pix-h.sicredi.com.br/oauth/token',
    },
    scopes: PSP_SCOPES,
    certificateFormat: 'PEM',
    hasClientSecret: true,
    extras: [],
  },
};

/** A custom PSP: everything typed in, a client secret and the standard's scopes assumed. */
const CUSTOM_PRESET = {
  scopes: PSP_SCOPES,
  certificateFormat: 'PEM',
  hasClientSecret: true,
  extras: [],
} as const;

export function presetDetails(preset: PspPresetId) {
  return preset === 'CUSTOM' ? CUSTOM_PRESET : PSP_PRESET_DETAILS[preset];
}

/** The preset's URLs for an environment; null for CUSTOM, whose URLs the studio types. */
export function presetEndpoints(preset: PspPresetId, environment: PspEnvironment): Endpoints | null {
  if (preset === 'CUSTOM') return null;
  const details = PSP_PRESET_DETAILS[preset];
  return environment === 'PRODUCTION' ? details.production : details.sandbox;
}

/**
 * A late fine of at most 2 % of the amount: CDC art. 52 §1 (Lei 8.078/1990, as Lei 9.298/1996 wrote it).
 * Interest on late payment of at most 1 % a month: the issue's rule, the ceiling consumer contracts in
 * Brazil have used (Código Civil art. 406 with CTN art. 161 §1, before Lei 14.905/2024; decision 027).
 */
export const PSP_LIMITS = {
  finePercent: { min: 0, max: 2 },
  interestPercentMonthly: { min: 0, max: 1 },
  discountPercent: { min: 0.01, max: 100 },
  discountDaysBefore: { min: 0, max: 30 },
  chargeDaysAhead: { min: 1, max: 30 },
} as const;

/** A certificate expiring within this many days is flagged on the settings screen. */
export const CERTIFICATE_WARNING_DAYS = 30;

export function certificateExpiresSoon(expiresAt: string, now: Date): boolean {
  return Date.parse(expiresAt) - now.getTime() < CERTIFICATE_WARNING_DAYS * 86_400_000;
}

/** Percentages travel with at most two decimals (basis points when stored). */
function hasTwoDecimalsAtMost(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

const percent = (range: { min: number; max: number }) =>
  z
    .number(V.number)
    .min(range.min, V.outOfRange)
    .max(range.max, V.outOfRange)
    .refine(hasTwoDecimalsAtMost, V.format);

const whole = (range: { min: number; max: number }) =>
  z.number(V.number).int(V.outOfRange).min(range.min, V.outOfRange).max(range.max, V.outOfRange);

/** Only https: the token and the charges travel over mutual TLS. */
const httpsUrl = z
  .string(V.required)
  .trim()
  .min(1, V.required)
  .max(500, V.max)
  .pipe(z.url({ protocol: /^https$/, error: V.format }))
  // No user or password before the host, no fragment: what the PSP gets is the URL, never credentials.
  .refine((value) => !/^https:\/\/[^/?#]*@/i.test(value) && !value.includes('#'), V.format);

/** Text the PSP's files hold: at most 64 KB (a chain of a few certificates and a key). */
const MAX_CERTIFICATE_CHARS = 65_536;

/** A secret typed in the form: empty or absent keeps the one stored. */
const keptWhenEmpty = (max: number) =>
  z
    .string()
    .max(max, V.max)
    .optional()
    .transform((value) => value || undefined);

const PemCertificate = z.object({
  format: z.literal('PEM'),
  /** The certificate (with its chain, if any) and the private key, in one text or as the files were. */
  pem: z.string(V.required).min(1, V.required).max(MAX_CERTIFICATE_CHARS, V.max),
  /** For an encrypted private key ("ENCRYPTED PRIVATE KEY"). */
  password: keptWhenEmpty(200),
});

const PfxCertificate = z.object({
  format: z.literal('PFX'),
  /** The .pfx/.p12 file's bytes in base64. */
  pfxBase64: z
    .string(V.required)
    .min(1, V.required)
    .max(MAX_CERTIFICATE_CHARS, V.max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, V.format),
  password: keptWhenEmpty(200),
});

export const PspCertificateInput = z.discriminatedUnion('format', [PemCertificate, PfxCertificate]);
export type PspCertificateInput = z.input<typeof PspCertificateInput>;

const Discount = z.object({
  /** Off the amount when paid up to `daysBefore` days before the due date (0: up to the due date). */
  percent: percent(PSP_LIMITS.discountPercent),
  daysBefore: whole(PSP_LIMITS.discountDaysBefore),
});

/** The PIX key charges are paid to: the organization's PIX key rule (pix.ts), here required. */
const pixKey = PixSettingsInput.shape.pixKey.refine((value) => value !== null, V.required);

/** `DadosBancariosRecebedor.tipoConta`: the kinds of account a recurring charge (`cobr`) may credit. */
export const RECEIVER_ACCOUNT_TYPES = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;
export type ReceiverAccountType = (typeof RECEIVER_ACCOUNT_TYPES)[number];

/**
 * The company that receives and the account its Pix Automático charges credit (decision 048): `PUT /cobr`
 * names the branch, account and account type (`DadosBancariosRecebedor`: account up to 20 characters, branch
 * up to 4, optional), and only a CNPJ receiver may use Pix Automático. Optional: decision 030's charges need none.
 */
export const ReceiverAccountInput = z.object({
  cnpj: z.string(V.required).trim().min(1, V.required).refine(isValidCnpj, V.cnpj).transform(normalizeCnpj),
  branch: z
    .string()
    .trim()
    .regex(/^\d{0,4}$/, V.format)
    .nullish()
    .transform((value) => value || null),
  account: z
    .string(V.required)
    .trim()
    .min(1, V.required)
    .max(20, V.max)
    .regex(/^[0-9A-Za-z-]+$/, V.format),
  accountType: z.enum(RECEIVER_ACCOUNT_TYPES, V.option),
});
export type ReceiverAccountInput = z.input<typeof ReceiverAccountInput>;
export type ReceiverAccount = z.output<typeof ReceiverAccountInput>;

/**
 * PUT /pix-psp: the whole connection. `clientSecret` and `certificate` may be left out to keep what is
 * stored (a first save needs them: the server answers VALIDATION_FAILED on those fields).
 */
export const PspConnectionInput = z
  .object({
    preset: z.enum(PSP_PRESETS, V.option),
    environment: z.enum(PSP_ENVIRONMENTS, V.option),
    baseUrl: httpsUrl,
    tokenUrl: httpsUrl,
    scopes: z
      .string()
      .trim()
      .max(500, V.max)
      .regex(/^[\w.:\- ]*$/, V.format),
    clientId: z.string(V.required).trim().min(1, V.required).max(200, V.max),
    clientSecret: keptWhenEmpty(500),
    certificate: PspCertificateInput.optional(),
    /** Values of the preset's extras by key (Banco do Brasil's gw-dev-app-key). */
    extras: z.record(z.string().max(60), z.string().trim().max(200, V.max)).default({}),
    pixKey,
    chargeDaysAhead: whole(PSP_LIMITS.chargeDaysAhead),
    finePercent: percent(PSP_LIMITS.finePercent),
    interestPercentMonthly: percent(PSP_LIMITS.interestPercentMonthly),
    discount: Discount.nullable(),
    /** The receiving company and account, for Pix Automático; null (the default) when not used. */
    receiver: ReceiverAccountInput.nullable().default(null),
  })
  .superRefine((input, ctx) => {
    const details = presetDetails(input.preset);
    const allowed = new Set<string>(details.extras.map((extra) => extra.key));
    for (const key of Object.keys(input.extras)) {
      if (!allowed.has(key)) ctx.addIssue({ code: 'custom', path: ['extras', key], message: V.unknownField });
    }
    for (const extra of details.extras) {
      if (extra.isRequired && !input.extras[extra.key])
        ctx.addIssue({ code: 'custom', path: ['extras', extra.key], message: V.required });
    }
    // The discount's last day must come after the charge exists.
    if (input.discount && input.discount.daysBefore >= input.chargeDaysAhead)
      ctx.addIssue({ code: 'custom', path: ['discount', 'daysBefore'], message: V.outOfRange });
  });
export type PspConnectionInput = z.input<typeof PspConnectionInput>;
export type PspConnectionValues = z.output<typeof PspConnectionInput>;

/** What the API answers: secrets only as whether they are set; the certificate as its subject and expiry. */
export const PspConnection = z.object({
  preset: z.enum(PSP_PRESETS),
  environment: z.enum(PSP_ENVIRONMENTS),
  baseUrl: z.string(),
  tokenUrl: z.string(),
  scopes: z.string(),
  clientId: z.string(),
  clientSecret: z.object({ isSet: z.boolean() }),
  certificate: z.object({
    format: z.enum(CERTIFICATE_FORMATS),
    subject: z.string(),
    expiresAt: z.string(),
    isPasswordSet: z.boolean(),
  }),
  extras: z.record(z.string(), z.string()),
  pixKey: z.string(),
  chargeDaysAhead: z.number().int(),
  finePercent: z.number(),
  interestPercentMonthly: z.number(),
  discount: z.object({ percent: z.number(), daysBefore: z.number().int() }).nullable(),
  receiver: z
    .object({
      cnpj: z.string(),
      branch: z.string().nullable(),
      account: z.string(),
      accountType: z.enum(RECEIVER_ACCOUNT_TYPES),
    })
    .nullable(),
  webhookSecretRotatedAt: z.string(),
  updatedAt: z.string(),
});
export type PspConnection = z.infer<typeof PspConnection>;

export const PspSettings = z.object({
  /** False on a PostgreSQL server without SECRETS_KEY: nothing secret can be stored until it is set. */
  canStoreSecrets: z.boolean(),
  connection: PspConnection.nullable(),
});
export type PspSettings = z.infer<typeof PspSettings>;

/**
 * Why a PSP refused or could not be reached: the API Pix client's error codes
 * (apps/server/src/integrations/pix/pix-error.ts takes them from here); the settings screen says each in words.
 */
export const PSP_FAILURES = [
  'PSP_UNREACHABLE',
  'PSP_TIMEOUT',
  'PSP_TLS_REJECTED',
  'PSP_CERTIFICATE_UNREADABLE',
  'PSP_INVALID_CLIENT',
  'PSP_FORBIDDEN_SCOPE',
  'PSP_REJECTED',
  'PSP_RATE_LIMITED',
  'PSP_UNAVAILABLE',
  'PSP_UNEXPECTED_ANSWER',
] as const;
export type PspFailure = (typeof PSP_FAILURES)[number];

export const PspConnectionTest = z.object({
  ok: z.boolean(),
  failure: z.enum(PSP_FAILURES).nullable(),
  testedAt: z.string(),
});
export type PspConnectionTest = z.infer<typeof PspConnectionTest>;

/** Why a certificate was refused (PSP_CERTIFICATE_INVALID's `details.reason`). */
export const CERTIFICATE_PROBLEMS = [
  'UNREADABLE',
  'NO_CERTIFICATE',
  'NO_PRIVATE_KEY',
  'WRONG_PASSWORD',
  'LEGACY_ENCRYPTION',
  'KEY_MISMATCH',
  'EXPIRED',
] as const;
export type CertificateProblem = (typeof CERTIFICATE_PROBLEMS)[number];
