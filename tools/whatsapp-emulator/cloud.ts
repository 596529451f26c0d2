import { randomBytes } from 'node:crypto';
import { GRAPH_ERRORS, GraphErrorThrown } from './graph-errors.ts';

/** A business phone number and its WhatsApp Business Account, as Meta keeps them. */
export type Account = {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** Unique recipients per rolling 24 hours: 250 for a new business, then 1,000, 10,000, 100,000. */
  tier: number;
};

export type TemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export type Template = {
  id: string;
  name: string;
  language: string;
  category: string;
  components: { type: string; text?: string; format?: string }[];
  status: TemplateStatus;
  rejected_reason?: string;
};

export type SentMessage = {
  id: string;
  account: Account;
  to: string;
  waId: string;
  template: Template;
  /** The body as the recipient reads it, placeholders filled (tests read a link in it, as a customer would). */
  text: string;
  at: number;
};

export type TemplateInput = {
  name?: string;
  language?: string;
  category?: string;
  components?: { type?: string; text?: string }[];
};

export type SendInput = {
  to: string;
  type: string;
  template?: {
    name: string;
    language: { code: string };
    components?: { type: string; parameters?: unknown[] }[];
  };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** `{{1}}`, `{{2}}`… in a template's body: how many parameters a message of it must carry. */
export function placeholderCount(text: string | undefined): number {
  return new Set(text?.match(/\{\{\d+\}\}/g) ?? []).size;
}

/**
 * A Brazilian mobile's WhatsApp id: numbers registered before the ninth digit (2012–2016) keep their old
 * eight-digit form, so Meta's `wa_id` for +55 11 9 8765-4321 is often 551187654321. The emulator does so for
 * every Brazilian mobile, which is the case the product must handle.
 */
export function waIdOf(to: string): string {
  const digits = to.replace(/\D/g, '');
  const brazilianMobile = /^55(\d{2})9(\d{8})$/.exec(digits);
  return brazilianMobile ? `55${brazilianMobile[1]}${brazilianMobile[2]}` : digits;
}

export function newWamid(): string {
  return `wamid.${randomBytes(24).toString('base64url')}`;
}

export type CloudOptions = {
  /** How long a new template stays PENDING before Meta's review decides it. */
  reviewDelayMs: number;
  /** Minimum time between two messages to the same recipient (131056 otherwise); 0: no pacing. */
  pairPacingMs: number;
  now: () => number;
};

/** Meta gives every new business account this approved sample, which the settings' "Test" sends. */
export const HELLO_WORLD = {
  name: 'hello_world',
  language: 'en_US',
  category: 'UTILITY',
  text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
};

function sampleTemplate(): Template {
  const { text, ...rest } = HELLO_WORLD;
  return {
    id: String(10 ** 15 + Math.floor(Math.random() * 9 * 10 ** 14)),
    ...rest,
    components: [{ type: 'BODY', text }],
    status: 'APPROVED',
  };
}

/** The Cloud API's state, in memory: accounts, templates under review, messages sent and their recipients. */
export function createCloud(accounts: Account[], options: CloudOptions) {
  const templates = new Map<string, Template[]>(
    accounts.map((account) => [account.wabaId, [sampleTemplate()]]),
  );
  const messages = new Map<string, SentMessage>();
  const rejections = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();

  const byPhone = (id: string) => accounts.find((account) => account.phoneNumberId === id);
  const byWaba = (id: string) => accounts.find((account) => account.wabaId === id);

  function review(template: Template) {
    const decide = () => {
      const reason = rejections.get(template.name);
      template.status = reason ? 'REJECTED' : 'APPROVED';
      if (reason) template.rejected_reason = reason;
    };
    if (options.reviewDelayMs <= 0) return decide();
    const timer = setTimeout(() => {
      timers.delete(timer);
      decide();
    }, options.reviewDelayMs);
    timers.add(timer);
  }

  function recipientsToday(account: Account, now: number) {
    const recipients = new Set<string>();
    for (const message of messages.values())
      if (message.account === account && now - message.at < DAY_MS) recipients.add(message.waId);
    return recipients;
  }

  function lastTo(account: Account, waId: string): number | null {
    let last: number | null = null;
    for (const message of messages.values())
      if (message.account === account && message.waId === waId && (last === null || message.at > last))
        last = message.at;
    return last;
  }

  return {
    accounts,
    account(phoneNumberId: string): Account {
      const account = byPhone(phoneNumberId);
      if (!account) throw new GraphErrorThrown(GRAPH_ERRORS.unknownObject(phoneNumberId));
      return account;
    },
    waba(wabaId: string): Account {
      const account = byWaba(wabaId);
      if (!account) throw new GraphErrorThrown(GRAPH_ERRORS.unknownObject(wabaId));
      return account;
    },

    templates(account: Account, name?: string): Template[] {
      const list = templates.get(account.wabaId) ?? [];
      return name === undefined ? list : list.filter((template) => template.name === name);
    },

    createTemplate(account: Account, input: TemplateInput): Template {
      const { name, language, category, components } = input;
      if (!name || !/^[a-z0-9_]{1,512}$/.test(name))
        throw new GraphErrorThrown(GRAPH_ERRORS.invalidParameter('Invalid parameter: name'));
      if (!language || !category || !components?.length)
        throw new GraphErrorThrown(
          GRAPH_ERRORS.invalidParameter('language, category and components are required'),
        );
      if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(category))
        throw new GraphErrorThrown(GRAPH_ERRORS.invalidParameter('Invalid parameter: category'));
      const list = templates.get(account.wabaId) ?? [];
      if (list.some((template) => template.name === name && template.language === language))
        throw new GraphErrorThrown(GRAPH_ERRORS.templateExists());
      const template: Template = {
        id: String(10 ** 15 + Math.floor(Math.random() * 9 * 10 ** 14)),
        name,
        language,
        category,
        components: components.map((component) => ({ type: String(component.type), text: component.text })),
        status: 'PENDING',
      };
      templates.set(account.wabaId, [...list, template]);
      review(template);
      return template;
    },

    /** Sends a template message, or throws Meta's error; the caller posts the statuses. */
    send(account: Account, input: SendInput): SentMessage {
      const { template: wanted } = input;
      if (input.type !== 'template' || !wanted)
        throw new GraphErrorThrown(
          GRAPH_ERRORS.invalidParameter('The emulator sends template messages only'),
        );
      const to = input.to.replace(/\D/g, '');
      if (!/^\d{8,15}$/.test(to))
        throw new GraphErrorThrown(GRAPH_ERRORS.invalidParameter('Invalid parameter: to'));
      const template = (templates.get(account.wabaId) ?? []).find(
        (item) => item.name === wanted.name && item.language === wanted.language.code,
      );
      if (template?.status !== 'APPROVED')
        throw new GraphErrorThrown(GRAPH_ERRORS.templateMissing(wanted.name, wanted.language.code));
      const body = template.components.find((component) => component.type === 'BODY');
      const expected = placeholderCount(body?.text);
      const given =
        wanted.components?.find((component) => component.type === 'body')?.parameters?.length ?? 0;
      if (expected !== given) throw new GraphErrorThrown(GRAPH_ERRORS.templateParameters(expected, given));
      const now = options.now();
      const waId = waIdOf(to);
      const last = lastTo(account, waId);
      if (options.pairPacingMs > 0 && last !== null && now - last < options.pairPacingMs)
        throw new GraphErrorThrown(GRAPH_ERRORS.pairRateLimited());
      const recipients = recipientsToday(account, now);
      if (!recipients.has(waId) && recipients.size >= account.tier)
        throw new GraphErrorThrown(GRAPH_ERRORS.tierReached(account.tier));
      const parameters = wanted.components?.find((component) => component.type === 'body')?.parameters ?? [];
      const text = (body?.text ?? '').replace(/\{\{(\d+)\}\}/g, (_, index: string) => {
        const parameter = parameters[Number(index) - 1] as { text?: unknown } | undefined;
        return String(parameter?.text ?? '');
      });
      const message: SentMessage = { id: newWamid(), account, to, waId, template, text, at: now };
      messages.set(message.id, message);
      return message;
    },

    /** The next template of this name is rejected by the review, with this reason (e.g. INVALID_FORMAT). */
    rejectTemplate(name: string, reason: string) {
      rejections.set(name, reason);
    },
    /** Decides every pending template now. */
    reviewNow() {
      for (const list of templates.values())
        for (const template of list) {
          if (template.status !== 'PENDING') continue;
          const reason = rejections.get(template.name);
          template.status = reason ? 'REJECTED' : 'APPROVED';
          if (reason) template.rejected_reason = reason;
        }
    },
    messages: () => [...messages.values()],
    recipientsToday: (account: Account) => recipientsToday(account, options.now()).size,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Cloud = ReturnType<typeof createCloud>;
