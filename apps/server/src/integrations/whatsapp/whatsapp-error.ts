import type { WhatsAppFailure } from '@reformer/domain/whatsapp';

/**
 * Every way a call to the Cloud API can fail, as one error with a stable code (the domain's WHATSAPP_FAILURES,
 * which the settings screen says in words) and an English sentence for the studio owner. The message carries
 * what Meta said and the operation's template, never the access token or the app secret.
 */
const MESSAGES: Record<WhatsAppFailure, string> = {
  WHATSAPP_UNREACHABLE: 'Could not reach WhatsApp. Check the address, or try again in a few minutes.',
  WHATSAPP_TIMEOUT: 'WhatsApp took too long to answer. Try again in a few minutes.',
  WHATSAPP_INVALID_TOKEN: 'WhatsApp refused the access token. Create a new system-user token and save it.',
  WHATSAPP_NOT_FOUND:
    'WhatsApp does not know this phone number ID or business account ID, or the token cannot reach it.',
  WHATSAPP_TEMPLATE_MISSING: 'The message template does not exist in this language, or is not approved yet.',
  WHATSAPP_TEMPLATE_PARAMETERS: 'The message does not fill the template’s placeholders.',
  WHATSAPP_TEMPLATE_EXISTS: 'A template with this name and language exists already.',
  WHATSAPP_RATE_LIMITED: 'WhatsApp is receiving too many messages from this number. Try again shortly.',
  WHATSAPP_RECIPIENT_PACING: 'Too many messages to this person in a short time. Try again shortly.',
  WHATSAPP_TIER_REACHED: 'This number reached its limit of people messaged in 24 hours.',
  WHATSAPP_WEBHOOK_NOT_VERIFIED: 'WhatsApp could not verify our webhook address.',
  WHATSAPP_REJECTED: 'WhatsApp refused the request.',
  WHATSAPP_UNAVAILABLE: 'WhatsApp is having problems. Try again in a few minutes.',
  WHATSAPP_UNEXPECTED_ANSWER: 'WhatsApp gave an answer we could not understand.',
};

export type WhatsAppErrorDetails = {
  /** The HTTP status Meta answered, when it answered. */
  status?: number;
  /** Meta's error code and subcode (e.g. 131056, 100/33). */
  metaCode?: number;
  metaSubcode?: number;
  metaMessage?: string;
  /** The operation, e.g. "POST /{Phone-Number-ID}/messages" (never the URL with ids). */
  operation?: string;
  /** From a Retry-After header, when Meta sent one. */
  retryAfterSeconds?: number;
};

export class WhatsAppError extends Error {
  override readonly name = 'WhatsAppError';
  readonly code: WhatsAppFailure;
  readonly details: WhatsAppErrorDetails;

  constructor(code: WhatsAppFailure, details: WhatsAppErrorDetails = {}, options?: { cause?: unknown }) {
    const said = details.metaMessage ? ` It said: ${details.metaMessage}` : '';
    super(`${MESSAGES[code]}${said}`, options);
    this.code = code;
    this.details = details;
  }
}

export function isWhatsAppError(error: unknown, code?: WhatsAppFailure): error is WhatsAppError {
  return error instanceof WhatsAppError && (code === undefined || error.code === code);
}

/** Meta's error codes (its error-code reference) in our words; anything else by the HTTP status. */
export function failureOf(status: number, metaCode: number | undefined, subcode?: number): WhatsAppFailure {
  if (metaCode === 190 || status === 401) return 'WHATSAPP_INVALID_TOKEN';
  if (metaCode === 100 && subcode === 33) return 'WHATSAPP_NOT_FOUND';
  if (metaCode === 100 && subcode === 2388024) return 'WHATSAPP_TEMPLATE_EXISTS';
  if (metaCode === 132001) return 'WHATSAPP_TEMPLATE_MISSING';
  if (metaCode === 132000) return 'WHATSAPP_TEMPLATE_PARAMETERS';
  if (metaCode === 130429 || metaCode === 80007 || status === 429) return 'WHATSAPP_RATE_LIMITED';
  if (metaCode === 131056) return 'WHATSAPP_RECIPIENT_PACING';
  if (metaCode === 131048) return 'WHATSAPP_TIER_REACHED';
  if (metaCode === 2200) return 'WHATSAPP_WEBHOOK_NOT_VERIFIED';
  if (status >= 500) return 'WHATSAPP_UNAVAILABLE';
  return 'WHATSAPP_REJECTED';
}
