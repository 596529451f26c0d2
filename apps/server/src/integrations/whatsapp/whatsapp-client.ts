import { WHATSAPP_GRAPH_VERSION } from '@reformer/domain/whatsapp';
import { Agent, request } from 'undici';
import type {
  GraphApiError,
  MessageResponse,
  PhoneNumberInfo,
  SubscriptionRequest,
  TemplateCreateRequest,
  TemplateCreateResponse,
  TemplateListItem,
  TemplateListResponse,
  TemplateMessageRequest,
} from './cloud-api-types.ts';
import { failureOf, WhatsAppError } from './whatsapp-error.ts';

/**
 * How to reach one studio's number on the Cloud API: the Graph API's address (https://graph.facebook.com, or
 * the emulator), the phone number id, the WhatsApp Business Account id and a system user's access token.
 * `trustedCa` replaces the system's roots (the emulator's test CA); production leaves it out.
 */
export type WhatsAppConnection = {
  apiBaseUrl: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  trustedCa?: string;
};

export type PhoneNumber = {
  id: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string | null;
  messagingTier: string | null;
};

export type TemplateState = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejectedReason: string | null;
};

export type SentTemplate = { messageId: string; waId: string | null };

/** The YAML's User-Agent pattern is `name/major.minor.patch`; Node's default ("node") breaks it. */
const USER_AGENT = 'Reformer-WhatsApp/1.0.0';
export const DEFAULT_TIMEOUT_MS = 15_000;
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error; current && typeof current === 'object'; current = (current as Error).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/**
 * The operations the product needs, each mapping Meta's errors to our words (WhatsAppError). The client does
 * not retry: a 429 or 5xx is thrown (`WHATSAPP_RATE_LIMITED`, `WHATSAPP_UNAVAILABLE`) and retrying with
 * backoff is the caller's policy (decision 049).
 */
export function createWhatsAppClient(connection: WhatsAppConnection, options: { timeoutMs?: number } = {}) {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agent = new Agent({
    connectTimeout: timeout,
    headersTimeout: timeout,
    bodyTimeout: timeout,
    ...(connection.trustedCa ? { connect: { ca: connection.trustedCa } } : {}),
  });
  const root = `${connection.apiBaseUrl.replace(/\/+$/, '')}/${WHATSAPP_GRAPH_VERSION}`;

  async function call<T>(method: 'GET' | 'POST', path: string, operation: string, body?: object): Promise<T> {
    let status: number;
    let text: string;
    let retryAfter: string | undefined;
    try {
      const answer = await request(`${root}${path}`, {
        dispatcher: agent,
        method,
        headers: {
          authorization: `Bearer ${connection.accessToken}`,
          'user-agent': USER_AGENT,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      status = answer.statusCode;
      text = await answer.body.text();
      const header = answer.headers['retry-after'];
      retryAfter = Array.isArray(header) ? header[0] : header;
    } catch (error) {
      const code = codesOf(error).some((name) => TIMEOUT_CODES.has(name))
        ? 'WHATSAPP_TIMEOUT'
        : 'WHATSAPP_UNREACHABLE';
      throw new WhatsAppError(code, { operation }, { cause: error });
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new WhatsAppError(status >= 500 ? 'WHATSAPP_UNAVAILABLE' : 'WHATSAPP_UNEXPECTED_ANSWER', {
        status,
        operation,
      });
    }
    if (status >= 200 && status < 300) return parsed as T;
    const error = (parsed as GraphApiError | undefined)?.error;
    const seconds = retryAfter === undefined ? Number.NaN : Number(retryAfter);
    throw new WhatsAppError(failureOf(status, error?.code, error?.error_subcode), {
      status,
      operation,
      ...(error ? { metaCode: error.code, metaMessage: error.message } : {}),
      ...(error?.error_subcode === undefined ? {} : { metaSubcode: error.error_subcode }),
      ...(Number.isFinite(seconds) ? { retryAfterSeconds: seconds } : {}),
    });
  }

  const unexpected = (operation: string) => new WhatsAppError('WHATSAPP_UNEXPECTED_ANSWER', { operation });
  const phone = encodeURIComponent(connection.phoneNumberId);
  const waba = encodeURIComponent(connection.wabaId);

  return {
    /** The number as Meta describes it: also the connection's check (token, ids). */
    async readPhoneNumber(): Promise<PhoneNumber> {
      const operation = 'GET /{Phone-Number-ID}';
      const fields = 'display_phone_number,verified_name,quality_rating,messaging_limit_tier';
      const info = await call<PhoneNumberInfo>('GET', `/${phone}?fields=${fields}`, operation);
      if (!info?.display_phone_number) throw unexpected(operation);
      return {
        id: info.id ?? connection.phoneNumberId,
        displayPhoneNumber: info.display_phone_number,
        verifiedName: info.verified_name ?? '',
        qualityRating: info.quality_rating ?? null,
        messagingTier: info.messaging_limit_tier ?? null,
      };
    },

    /**
     * Every template of the business account, following Meta's pages: each answer's `paging.next` is the next
     * page's whole URL (only followed on the same Graph API, so an answer cannot send the token elsewhere).
     */
    async listTemplates(): Promise<TemplateState[]> {
      const operation = 'GET /{WABA-ID}/message_templates';
      const templates: TemplateState[] = [];
      let path: string | null = `/${waba}/message_templates`;
      for (let page = 0; path && page < 50; page += 1) {
        const answer: TemplateListResponse = await call('GET', path, operation);
        for (const item of answer?.data ?? []) templates.push(toTemplateState(item, operation));
        const next = answer?.paging?.next;
        path = next?.startsWith(`${root}/`) ? next.slice(root.length) : null;
      }
      return templates;
    },

    async createTemplate(template: TemplateCreateRequest): Promise<{ id: string; status: string }> {
      const operation = 'POST /{WABA-ID}/message_templates';
      const answer = await call<TemplateCreateResponse>(
        'POST',
        `/${waba}/message_templates`,
        operation,
        template,
      );
      if (!answer?.id) throw unexpected(operation);
      return { id: answer.id, status: answer.status ?? 'PENDING' };
    },

    /** Sends an approved template; `to` in E.164 (the plus is dropped, as Meta writes numbers). */
    async sendTemplate(message: {
      to: string;
      name: string;
      language: string;
      bodyParameters?: readonly string[];
    }): Promise<SentTemplate> {
      const operation = 'POST /{Phone-Number-ID}/messages';
      const parameters = message.bodyParameters ?? [];
      const body: TemplateMessageRequest = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: message.name,
          language: { policy: 'deterministic', code: message.language },
          ...(parameters.length > 0
            ? {
                components: [
                  { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
                ],
              }
            : {}),
        },
      };
      const answer = await call<MessageResponse>('POST', `/${phone}/messages`, operation, body);
      const messageId = answer?.messages?.[0]?.id;
      if (!messageId) throw unexpected(operation);
      return { messageId, waId: answer?.contacts?.[0]?.wa_id ?? null };
    },

    /**
     * Points the business account's webhooks at our URL. Meta first calls it with its verification handshake
     * (hub.mode=subscribe, hub.verify_token, hub.challenge) and refuses the URL unless it answers the challenge.
     */
    async subscribeWebhooks(callbackUrl: string, verifyToken: string): Promise<void> {
      const body: SubscriptionRequest = { override_callback_uri: callbackUrl, verify_token: verifyToken };
      await call('POST', `/${waba}/subscribed_apps`, 'POST /{WABA-ID}/subscribed_apps', body);
    },

    close: () => agent.close(),
  };
}

export type WhatsAppClient = ReturnType<typeof createWhatsAppClient>;

function toTemplateState(item: TemplateListItem, operation: string): TemplateState {
  if (!item.id || !item.name || !item.language || !item.status)
    throw new WhatsAppError('WHATSAPP_UNEXPECTED_ANSWER', { operation });
  return {
    id: item.id,
    name: item.name,
    language: item.language,
    category: item.category ?? '',
    status: item.status,
    rejectedReason: item.rejected_reason && item.rejected_reason !== 'NONE' ? item.rejected_reason : null,
  };
}
