/**
 * Stable error codes shared by the server (which throws them) and the web (which translates them through
 * the `errors.<CODE>` keys of the i18n catalogs). A code never changes meaning once released.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ORGANIZATION_NOT_FOUND: 404,
  ORGANIZATION_SOLE_OWNER: 409,
  LAST_OWNER: 409,
  ROLE_NOT_ALLOWED: 403,
  ESTABLISHMENT_NOT_FOUND: 404,
  ESTABLISHMENT_IN_USE: 409,
  STAFF_NOT_FOUND: 404,
  STAFF_ALREADY_MEMBER: 409,
  INVITATION_ALREADY_PENDING: 409,
  INVITATION_NOT_FOUND: 404,
  INVITATION_INVALID: 404,
  INVITATION_EMAIL_MISMATCH: 403,
  INVITATION_NOT_PENDING: 409,
  CUSTOMER_NOT_FOUND: 404,
  CUSTOMER_CPF_TAKEN: 409,
  CUSTOMER_EMAIL_TAKEN: 409,
  CUSTOMER_PURGED: 409,
  PLAN_NOT_FOUND: 404,
  PLAN_IN_USE: 409,
  SCHEDULE_NOT_FOUND: 404,
  /** A schedule whose sessions have attendance is history: deactivate it instead of deleting. */
  SCHEDULE_HAS_ATTENDANCE: 409,
  /** The instructor must be a staff member assigned to the schedule's establishment: a bad choice in the form. */
  STAFF_NOT_IN_ESTABLISHMENT: 400,
  /** Also 404 when the session exists but the caller may not see its establishment. */
  SESSION_NOT_FOUND: 404,
  SESSION_INACTIVE: 409,
  SESSION_FULL: 409,
  SESSION_CUSTOMER_DUPLICATE: 409,
  /** Changing the status or checking in a customer who is not on the session's roster. */
  SESSION_CUSTOMER_NOT_FOUND: 404,
  /** `details.reason` is one of SESSION_MOVE_BLOCKS. */
  SESSION_NOT_MOVABLE: 409,
  /** A make-up (REPOSITION) needs a credit valid on the session's date; `details.customerId`, `details.name`. */
  MAKE_UP_NO_CREDIT: 409,
  /**
   * Make-ups go to group sessions at an establishment where the customer has an ACTIVE enrollment (decision
   * 023); `details.customerId`, `details.name`.
   */
  MAKE_UP_SESSION_NOT_ALLOWED: 409,
  /** The cancellation's credit already paid for a make-up (`details.usedSessionId`): it cannot be undone. */
  MAKE_UP_CREDIT_USED: 409,
  /** REPOSITION is set by booking a make-up (adding the customer), which spends a credit. */
  MAKE_UP_NOT_BOOKED: 409,
  NO_CREDIT_DATE_NOT_FOUND: 404,
  /** The session's waitlist has no such entry (or the session is another organization's). */
  WAITLIST_ENTRY_NOT_FOUND: 404,
  /** No open offer has this link: a mistyped or made-up token. */
  WAITLIST_OFFER_NOT_FOUND: 404,
  /** The offer's hold time ran out (or the session started); the seat went to the next person. */
  WAITLIST_OFFER_EXPIRED: 409,
  /** The held seat was taken meanwhile (an enrollment): the customer is first in line again. */
  WAITLIST_OFFER_TAKEN: 409,
  /** The offer was already declined, or staff withdrew it; `details.state`. */
  WAITLIST_OFFER_CLOSED: 409,
  /** A session with a free seat nobody holds takes customers on its roster, not on its waitlist. */
  SESSION_HAS_FREE_SEAT: 409,
  /** The session has started: it takes no waitlist and no offer. */
  SESSION_STARTED: 409,
  /** The customer is on the roster already or waiting already; `details.customerId`. */
  WAITLIST_CUSTOMER_DUPLICATE: 409,
  /** The order sent does not name exactly the entries waiting now: the list changed in another tab. */
  WAITLIST_ORDER_CHANGED: 409,
  /** No open portal link has this token: unknown, revoked, replaced or expired — one answer for all (decision 039). */
  PORTAL_LINK_INVALID: 404,
  /** No live portal session: no cookie, or one ended, idle or too old. The page offers to ask for a new link. */
  PORTAL_SESSION_REQUIRED: 401,
  /** No such class of this organization, or no place of this customer in it (another customer's is the same). */
  PORTAL_CLASS_NOT_FOUND: 404,
  /** The portal's rules refuse the booking; `details.reason` is one of BOOKING_REFUSALS. */
  PORTAL_BOOKING_NOT_ALLOWED: 409,
  /** Staff ending a portal session that is not this customer's. */
  PORTAL_SESSION_NOT_FOUND: 404,
  /** No live calendar feed has this token: unknown, replaced or revoked — one answer for all (decision 046). */
  CALENDAR_FEED_NOT_FOUND: 404,
  /** Another organization's public page already uses the slug. */
  STUDIO_SLUG_TAKEN: 409,
  /** No published page has this slug (or the studio has none): the same answer for both. */
  STUDIO_PAGE_NOT_FOUND: 404,
  /** The logo's bytes are not a PNG, JPEG or WebP image, whatever its name says. */
  STUDIO_LOGO_TYPE: 400,
  /** The logo is over LOGO_MAX_BYTES; `details.maxBytes`. */
  STUDIO_LOGO_TOO_LARGE: 413,
  /** The class is not one the public page offers (past, inactive, individual, or another studio's). */
  TRIAL_CLASS_NOT_FOUND: 404,
  /** This person (same e-mail, phone or CPF) already had their trial class at the studio. */
  TRIAL_ALREADY_TAKEN: 409,
  /** The studio has published no contract yet, or the version sent is not the latest (terms changed meanwhile). */
  CONTRACT_VERSION_NOT_CURRENT: 409,
  /** The CPF typed is not the one on file (`details.field`); no CPF on file is the same answer, said apart. */
  CONTRACT_CPF_MISMATCH: 400,
  /** The customer has no CPF on file to check the typed one against: the studio adds it first. */
  CONTRACT_CPF_NOT_ON_FILE: 409,
  /** Under 18 on file: a parent or guardian signs, with their name and CPF (LGPD art. 14). */
  CONTRACT_GUARDIAN_REQUIRED: 400,
  /** The latest version is signed already. */
  CONTRACT_ALREADY_SIGNED: 409,
  /** No signature of this customer with this id (another customer's is the same). */
  CONTRACT_SIGNATURE_NOT_FOUND: 404,
  /** CDC art. 49's seven days are over (`details.deadline`), or it was withdrawn already. */
  CONTRACT_WITHDRAWAL_CLOSED: 409,
  /** The customer refused or revoked consent to marketing messages: none is sent. */
  CUSTOMER_MARKETING_REFUSED: 409,
  ENROLLMENT_NOT_FOUND: 404,
  /** The same customer in the same schedule with overlapping dates (spec §8's 409). */
  ENROLLMENT_DUPLICATE: 409,
  /** A session the enrollment would cover has no free seat; `details.dates` lists them. */
  ENROLLMENT_FULL: 409,
  /** `details.limit`: the plan's weekly sessions limit. */
  ENROLLMENT_WEEKLY_LIMIT: 409,
  /** The enrollment's status does not allow the action; `details.status`, `details.action`. */
  ENROLLMENT_ACTION_NOT_ALLOWED: 409,
  SCHEDULE_INACTIVE: 409,
  /** Payments were recorded against it: a financial record keeps its enrollment (cancel it instead). */
  ENROLLMENT_HAS_PAYMENTS: 409,
  PAYMENT_NOT_FOUND: 404,
  /** Spec document 2 §2: a customer must be enrolled in at least one plan before a payment. */
  PAYMENT_CUSTOMER_NOT_ENROLLED: 409,
  /** `cycleStart` is not the first day of one of the enrollment's billing cycles. */
  PAYMENT_CYCLE_INVALID: 400,
  /** Only a COMPLETED payment can be refunded, and only while part of it was not given back. */
  PAYMENT_NOT_REFUNDABLE: 409,
  /** `details.refundableCents`: a refund cannot give back more than the payment still holds. */
  PAYMENT_REFUND_TOO_LARGE: 409,
  /**
   * The cycle is paid already: `details` has `cycleStart`, `cycleEnd`, `cycleAmountCents`, `paidCents`. Staff
   * may record the payment as the customer's credit instead (`recordExcessAsCredit`).
   */
  PAYMENT_CYCLE_PAID: 409,
  /** The payment is more than the cycle still owes (`details.owedCents`); the rest may go to credit. */
  PAYMENT_EXCEEDS_AMOUNT_DUE: 409,
  /** Part of this payment went to credit that was since spent on a cycle: it cannot be undone or lowered. */
  PAYMENT_CREDIT_SPENT: 409,
  /** The customer has no credit in the cycle's currency. */
  CREDIT_BALANCE_EMPTY: 409,
  /** A payment is in its enrollment's plan's currency (`details.currency`): cents never add across currencies. */
  PAYMENT_CURRENCY_MISMATCH: 409,
  /** The PSP reported this payment and is connected: it is refunded through the PSP (decision 030). */
  PAYMENT_REFUND_THROUGH_PSP: 409,
  /** Only a payment the PSP reported (a Pix with an end-to-end id) is refunded through the PSP. */
  PIX_REFUND_NOT_PSP_PAYMENT: 409,
  /** A Pix may be refunded through the PSP up to 90 days after it was paid. */
  PIX_REFUND_WINDOW_CLOSED: 409,
  /** The PSP refused the refund; `details.reason` is what it said. */
  PIX_REFUND_REFUSED: 409,
  /** The PSP could not be reached or failed; `details.failure` is a PSP_FAILURES code. Nothing was changed. */
  PSP_REQUEST_FAILED: 503,
  /**
   * The PSP has another system's webhook on the studio's PIX key (`details.registeredUrl`): replacing it is
   * asked for by repeating that URL in `replaceUrl`.
   */
  PIX_WEBHOOK_TAKEN: 409,
  /** The server does not run the demo's local PSP (PIX_PSP=sandbox). */
  PIX_SANDBOX_OFF: 404,
  /**
   * Switching the plan to renew by itself would give one of its enrollments seats in full sessions
   * (`details.customerId`, `details.dates`): end that enrollment, or free seats, first.
   */
  PLAN_RENEWAL_FULL: 409,
  PIX_CHARGE_NOT_FOUND: 404,
  /**
   * Pix Automático (decision 048) needs a connected PSP with the receiving company's CNPJ and account
   * (`details.reason`: NO_PSP, NO_RECEIVER).
   */
  PIX_AUTOMATICO_UNAVAILABLE: 409,
  PIX_AUTOMATICO_NOT_FOUND: 404,
  /** Only an ACTIVE enrollment can be charged by Pix Automático. */
  PIX_AUTOMATICO_ENROLLMENT_NOT_ACTIVE: 409,
  /** The customer has no valid CPF on file: the recurrence's payer must be named. */
  PIX_AUTOMATICO_PAYER_MISSING: 409,
  /** The enrollment already has a recurrence waiting for authorization or running: cancel it first. */
  PIX_AUTOMATICO_EXISTS: 409,
  /** No cycle of the enrollment is left to charge (it ends before its next cycle). */
  PIX_AUTOMATICO_NO_CYCLE: 409,
  /** The recurrence has ended (rejected, cancelled or expired): nothing to cancel. */
  PIX_AUTOMATICO_CLOSED: 409,
  /** The portal's customer owes nothing now for that cycle or pack (paid meanwhile, not theirs, not due). */
  PORTAL_DUE_NOT_FOUND: 404,
  /** That due is not paid through the studio's PSP (none connected, no CPF on file, not in reais). */
  PORTAL_PAY_NOT_BY_PSP: 409,
  /** Only a charge awaiting payment can be paid. */
  PIX_CHARGE_NOT_OPEN: 409,
  /** `details.refundedCents`: an amount cannot go below what was already given back. */
  PAYMENT_AMOUNT_BELOW_REFUNDED: 409,
  PLAN_INACTIVE: 409,
  /** A plan's kind cannot change once enrollments or purchases use it: they were sold as that kind. */
  PLAN_KIND_IN_USE: 409,
  /** Enrolling weekly is for RECURRING plans; a pack, single or trial class is sold as a purchase. */
  PLAN_NOT_RECURRING: 409,
  /** A purchase is of a pack, single or trial class; a RECURRING plan is sold by enrolling. */
  PLAN_NOT_PURCHASABLE: 409,
  PURCHASE_NOT_FOUND: 404,
  /** At most one trial class per customer (`details.purchaseId`: the one they have). */
  PURCHASE_TRIAL_TAKEN: 409,
  /** A class was spent or a payment recorded: the sale is history. */
  PURCHASE_IN_USE: 409,
  /** `details.customerId`, `name`: no purchase of theirs can pay for this place (of the kind it needs). */
  PURCHASE_NONE: 409,
  /** `details.customerId`, `name`: every class of their purchases is spent. */
  PURCHASE_USED_UP: 409,
  /** `details.customerId`, `name`: their purchases with classes left are not valid on this session's date. */
  PURCHASE_EXPIRED: 409,
  /** Also 404 when the record belongs to another customer than the one in the path. */
  MEDICAL_RECORD_NOT_FOUND: 404,
  /** A legacy type (EVALUATION, ASSESSMENT, PROGRESS) is listed but never created or changed. */
  MEDICAL_RECORD_TYPE_NOT_SUPPORTED: 409,
  /** A record keeps the type it was created with: its document belongs to that type's form. */
  MEDICAL_RECORD_TYPE_CHANGED: 409,
  /** Accepting a record that is not a draft from the portal (decision 044). */
  MEDICAL_RECORD_NOT_DRAFT: 409,
  /** The studio asks no health questionnaire (Settings → Health questionnaire is off). */
  HEALTH_QUESTIONNAIRE_OFF: 409,
  /** Answers before the customer's specific consent to the processing of health data (LGPD art. 11, I). */
  HEALTH_CONSENT_REQUIRED: 409,
  /** The consent names a text other than the one the portal shows now (the studio's name changed): read again. */
  HEALTH_CONSENT_TEXT_CHANGED: 409,
  /** The customer sent the questionnaire already; staff correct it in the draft record. */
  HEALTH_QUESTIONNAIRE_ALREADY_SENT: 409,
  /** The upload is neither a CSV (text) nor an Excel .xlsx workbook. */
  IMPORT_FILE_TYPE: 400,
  /** `details.maxSize`: the limit in MB (spec document 2 §9). */
  IMPORT_FILE_TOO_LARGE: 413,
  /** No file content, or a header row and no data row. */
  IMPORT_FILE_EMPTY: 400,
  IMPORT_NO_HEADERS: 400,
  /** A CSV whose quotes do not close: `details.row` where; `details.error` the parser's own (English) words. */
  IMPORT_PARSE_FAILED: 400,
  /** An .xlsx its reader cannot open: `details.error` the reader's own (English) words. */
  IMPORT_WORKBOOK_UNREADABLE: 400,
  /** `details.maxSize`: the limit in MB of an .xlsx once unpacked (IMPORT_MAX_WORKBOOK_MB). */
  IMPORT_WORKBOOK_TOO_LARGE: 413,
  /** `details.max`: more data rows than one import takes (IMPORT_MAX_ROWS); nothing checked or written. */
  IMPORT_TOO_MANY_ROWS: 413,
  /** `details.max`: more columns than a customer list has (IMPORT_MAX_COLUMNS). */
  IMPORT_TOO_MANY_COLUMNS: 400,
  /** The mapping names another number of columns than the file has. */
  IMPORT_MAPPING_MISMATCH: 400,
  /** `details.missing`: the required fields no column fills. */
  IMPORT_REQUIRED_FIELDS_UNMAPPED: 400,
  /** Invalid rows while "skip invalid rows" is off: nothing written; `details` is the import result. */
  IMPORT_ROWS_INVALID: 400,
  /** `occasionDate` is not the customer's birthday, or not an unpaid cycle of the enrollment. */
  EVENT_OCCASION_INVALID: 400,
  /** Already sent on this channel, or marked as sent: at most once per customer, kind, occasion and channel. */
  EVENT_ALREADY_SENT: 409,
  /** The customer has no e-mail, or no phone WhatsApp can reach, for the chosen channel. */
  EVENT_RECIPIENT_MISSING: 409,
  /** Sending by hand needs the kind's saved configuration: its message template. */
  EVENT_NOT_CONFIGURED: 409,
  /** No provider sends this channel (SMS). */
  EVENT_CHANNEL_NOT_CONFIGURED: 409,
  /** No SMTP server is configured: an e-mail sent by hand would only wait in the outbox (decision 032). */
  EVENT_EMAIL_NOT_CONFIGURED: 409,
  /** The SMTP server refused or could not be reached; nothing was recorded. */
  EVENT_EMAIL_FAILED: 503,
  /** No message of the organization has this id, or its kind is one the member may not see. */
  EVENT_MESSAGE_NOT_FOUND: 404,
  /** Only a message waiting in the outbox can be marked as sent: it was already sent, or never waited there. */
  EVENT_MESSAGE_NOT_IN_OUTBOX: 409,
  /** The organization has no PSP connection (decision 027): nothing to test, rotate or disconnect. */
  PSP_CONNECTION_NOT_FOUND: 404,
  /** The certificate cannot be used for mutual TLS; `details.reason` is one of CERTIFICATE_PROBLEMS. */
  PSP_CERTIFICATE_INVALID: 400,
  /** A PostgreSQL server without SECRETS_KEY: the operator must set it before secrets can be stored. */
  PSP_SECRETS_KEY_MISSING: 409,
  /** The stored secrets do not open with this server's SECRETS_KEY (another key, or a restart is due). */
  PSP_SECRETS_UNREADABLE: 409,
  /** The organization has no WhatsApp number connected (decision 049). */
  WHATSAPP_CONNECTION_NOT_FOUND: 404,
  /** Meta refused (a token, an id, a template…): `details.failure` is a WHATSAPP_FAILURES code. Nothing was changed. */
  WHATSAPP_REFUSED: 409,
  /** Meta could not be reached, was busy or failed (`details.failure`); nothing was changed, try again later. */
  WHATSAPP_UNAVAILABLE: 503,
  /** A PostgreSQL server without SECRETS_KEY: the WhatsApp token cannot be stored until the operator sets it. */
  WHATSAPP_SECRETS_KEY_MISSING: 409,
  /** The stored WhatsApp secrets do not open with this server's SECRETS_KEY. */
  WHATSAPP_SECRETS_UNREADABLE: 409,
  POSTAL_CODE_NOT_FOUND: 404,
  POSTAL_CODE_LOOKUP_FAILED: 503,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** "Back up now" on a server without a backup public key (`npm run backup-key` makes one). */
  BACKUPS_NOT_CONFIGURED: 409,
  /** Not a backup file name, or no such file in the backup folder (retention may have removed it). */
  BACKUP_FILE_NOT_FOUND: 404,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  RATE_LIMITED: 429,
  /** The database does not answer (restarting, or the connection dropped under the request): retry later. */
  DATABASE_UNAVAILABLE: 503,
  /** The server is starting or migrating its database (or stopping before it has started): retry later. */
  SERVER_STARTING: 503,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * One field problem of a VALIDATION_FAILED answer: `key` is a `validation.*` catalog key the web
 * translates, `message` its English text, `params` the bounds some messages need.
 */
export type ValidationIssue = {
  path: string;
  key: string;
  message: string;
  params?: { min?: number | undefined; max?: number | undefined };
};

/** The one shape of every non-2xx answer of the API. */
export type ErrorBody = {
  error: { code: ErrorCode | (string & {}); message: string; details?: unknown; requestId?: string };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? code);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.details = details;
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.code === 'string'
  );
}

/**
 * The values an error's message fills its placeholders with ("at most {{limit}} sessions per week"): the
 * scalar entries of its details. The server's English message and the web's translation use the same.
 */
export function messageParams(details: unknown): Record<string, string | number> {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {};
  return Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}
