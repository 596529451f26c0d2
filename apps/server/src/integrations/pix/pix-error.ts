import type { PspFailure } from '@reformer/domain/pix-psp';

/**
 * Every way a call to a PSP can fail, as one error with a stable code (for the web's catalog and the logs) and
 * an English sentence a studio owner can act on. The message never carries the client secret, the token, the
 * key or the certificate's password: only what the PSP itself said (its problem's title, detail, violations).
 */
// The codes are the domain's list (pix-psp `PSP_FAILURES`), which the settings screen says in words.
export type PixErrorCode = PspFailure;

const MESSAGES: Record<PixErrorCode, string> = {
  PSP_UNREACHABLE: 'Could not reach the payment provider. Check its address, or try again in a few minutes.',
  PSP_TIMEOUT: 'The payment provider took too long to answer. Try again in a few minutes.',
  PSP_TLS_REJECTED:
    'The secure connection to the payment provider failed: it refused our certificate, or its own certificate is not trusted. Check the certificate your provider issued.',
  PSP_CERTIFICATE_UNREADABLE:
    'The certificate could not be opened. Check that the file is the one your provider issued and that its password is right.',
  PSP_INVALID_CLIENT:
    'The payment provider refused the client ID or client secret. Check both in your settings.',
  PSP_FORBIDDEN_SCOPE:
    'The payment provider does not allow this account to do that. Ask your provider to enable PIX charges for these credentials.',
  PSP_REJECTED: 'The payment provider refused the request.',
  PSP_RATE_LIMITED: 'The payment provider is receiving too many requests. Try again in a few minutes.',
  PSP_UNAVAILABLE: 'The payment provider is having problems. Try again in a few minutes.',
  PSP_UNEXPECTED_ANSWER: 'The payment provider gave an answer we could not understand.',
};

/** A violation as the API Pix lists it in a problem (RFC 7807) answer. */
export type PixViolation = { razao?: string; propriedade?: string; valor?: string };

export type PixErrorDetails = {
  /** The HTTP status the PSP answered, when it answered. */
  status?: number;
  /** The problem's `type`, e.g. https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida. */
  type?: string;
  title?: string;
  detail?: string;
  violacoes?: PixViolation[];
  /** The operation, e.g. "PUT /cobv/{txid}" (never the URL with ids or a query). */
  operation?: string;
  /** From a 429 or 503's Retry-After, when the PSP sent one. */
  retryAfterSeconds?: number;
};

export class PixError extends Error {
  override readonly name = 'PixError';
  readonly code: PixErrorCode;
  readonly details: PixErrorDetails;

  constructor(code: PixErrorCode, details: PixErrorDetails = {}, options?: { cause?: unknown }) {
    super(describe(code, details), options);
    this.code = code;
    this.details = details;
  }
}

function describe(code: PixErrorCode, details: PixErrorDetails): string {
  if (code !== 'PSP_REJECTED') return MESSAGES[code];
  const said = [details.title, details.detail].filter(Boolean).join(': ');
  const violations = (details.violacoes ?? []).map((v) => [v.propriedade, v.razao].filter(Boolean).join(' '));
  const reasons = [said, ...violations].filter(Boolean).join('; ');
  return reasons ? `${MESSAGES[code]} It said: ${reasons}` : MESSAGES[code];
}

export function isPixError(error: unknown, code?: PixErrorCode): error is PixError {
  return error instanceof PixError && (code === undefined || error.code === code);
}
