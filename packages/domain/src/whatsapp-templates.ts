import { z } from 'zod';

/**
 * The message templates Reformer creates on the studio's WhatsApp Business Account (issue #32; decision 049),
 * one per message kind, in Brazilian Portuguese and US English. Meta reviews each before it can be sent; the
 * category is the one Meta assigns such a message (a birthday greeting is marketing, the rest are utility), so
 * the review does not re-categorize it. Keyed by the kinds' names as strings (events.ts owns the kinds).
 * Placeholders are numbered `{{1}}`, `{{2}}`…; `example` is what Meta's reviewers read in their place.
 */
export const WHATSAPP_TEMPLATE_LANGUAGES = ['pt_BR', 'en_US'] as const;
export type WhatsAppTemplateLanguage = (typeof WHATSAPP_TEMPLATE_LANGUAGES)[number];

export type WhatsAppTemplateDefinition = {
  /** Meta's template name: lower case, digits and underscores; the same in every language. */
  name: string;
  category: 'UTILITY' | 'MARKETING';
  /** What fills each placeholder, in order (the sender's words, for whoever wires a kind to this template). */
  parameters: readonly string[];
  body: Record<WhatsAppTemplateLanguage, { text: string; example: readonly string[] }>;
};

export const WHATSAPP_TEMPLATES = {
  BIRTHDAY: {
    name: 'reformer_birthday',
    category: 'MARKETING',
    parameters: ['customer first name', 'studio name'],
    body: {
      pt_BR: {
        text: 'Feliz aniversário, {{1}}! 🎉 Toda a equipe do {{2}} deseja um ano cheio de saúde e movimento.',
        example: ['Ana', 'Studio Respiro'],
      },
      en_US: {
        text: 'Happy birthday, {{1}}! 🎉 Everyone at {{2}} wishes you a year full of health and movement.',
        example: ['Ana', 'Studio Respiro'],
      },
    },
  },
  PAYMENT_REMINDER: {
    name: 'reformer_payment_reminder',
    category: 'UTILITY',
    parameters: [
      'customer first name',
      'amount',
      'due date',
      'PIX copy-and-paste code or payment instructions',
    ],
    body: {
      pt_BR: {
        text: 'Olá, {{1}}! Sua mensalidade de {{2}} vence em {{3}}. Para pagar com PIX, use o código {{4}} — qualquer dúvida, é só responder esta mensagem.',
        example: ['Ana', 'R$ 249,00', '10/12/2026', '00020126580014br.gov.bcb.pix'],
      },
      en_US: {
        text: 'Hi {{1}}! Your fee of {{2}} is due on {{3}}. To pay with PIX, use the code {{4}} — reply to this message with any question.',
        example: ['Ana', 'R$ 249.00', '12/10/2026', '00020126580014br.gov.bcb.pix'],
      },
    },
  },
  WAITLIST_OFFER: {
    name: 'reformer_waitlist_offer',
    category: 'UTILITY',
    parameters: ['customer first name', 'class date and time', 'hold time', 'offer link'],
    body: {
      pt_BR: {
        text: 'Olá, {{1}}! Abriu uma vaga na aula de {{2}}. Ela fica reservada para você até {{3}}. Para confirmar, acesse {{4}} e garanta o seu lugar.',
        example: ['Ana', '12/12 às 18:00', '14:30', 'https://app.example.com/waitlist-offers/abc'],
      },
      en_US: {
        text: 'Hi {{1}}! A place opened in the class on {{2}}. It is held for you until {{3}}. To take it, open {{4}} and confirm.',
        example: ['Ana', 'Dec 12 at 6:00 PM', '2:30 PM', 'https://app.example.com/waitlist-offers/abc'],
      },
    },
  },
  CLASS_LINK: {
    name: 'reformer_class_link',
    category: 'UTILITY',
    parameters: ['customer first name', 'portal link'],
    body: {
      pt_BR: {
        text: 'Olá, {{1}}! Em {{2}} você vê suas próximas aulas e desmarca quando precisar.',
        example: ['Ana', 'https://app.example.com/portal'],
      },
      en_US: {
        text: 'Hi {{1}}! At {{2}} you can see your upcoming classes and cancel when you need to.',
        example: ['Ana', 'https://app.example.com/portal'],
      },
    },
  },
  TRIAL_BOOKED: {
    name: 'reformer_trial_booked',
    category: 'UTILITY',
    parameters: ['customer first name', 'class date and time', 'studio address'],
    body: {
      pt_BR: {
        text: 'Olá, {{1}}! Sua aula experimental está marcada para {{2}}, em {{3}}. Até lá!',
        example: ['Ana', '12/12 às 18:00', 'Rua das Flores, 100'],
      },
      en_US: {
        text: 'Hi {{1}}! Your trial class is booked for {{2}} at {{3}}. See you there!',
        example: ['Ana', 'Dec 12 at 6:00 PM', '100 Flower St'],
      },
    },
  },
  CLASS_REMINDER: {
    name: 'reformer_class_reminder',
    category: 'UTILITY',
    parameters: ['customer first name', 'class name', 'class date and time'],
    body: {
      pt_BR: {
        text: 'Olá, {{1}}! Lembrete: sua aula de {{2}} é {{3}}. Até lá!',
        example: ['Ana', 'Pilates Solo', 'amanhã, 12/12, às 18:00'],
      },
      en_US: {
        text: 'Hi {{1}}! Reminder: your {{2}} class is {{3}}. See you there!',
        example: ['Ana', 'Mat Pilates', 'tomorrow, Dec 12, at 6:00 PM'],
      },
    },
  },
  CLASS_CHANGED: {
    name: 'reformer_class_changed',
    category: 'UTILITY',
    parameters: ['customer first name', 'class name', 'former date and time', 'what changed'],
    body: {
      pt_BR: {
        text: 'Olá, {{1}}! Sua aula de {{2}} de {{3}} mudou: {{4}}. Qualquer dúvida, é só responder.',
        example: ['Ana', 'Pilates Solo', '12/12 às 18:00', 'agora é 13/12 às 19:00'],
      },
      en_US: {
        text: 'Hi {{1}}! Your {{2}} class of {{3}} changed: {{4}}. Reply to this message with any question.',
        example: ['Ana', 'Mat Pilates', 'Dec 12 at 6:00 PM', 'it is now Dec 13 at 7:00 PM'],
      },
    },
  },
} as const satisfies Record<string, WhatsAppTemplateDefinition>;

export type WhatsAppTemplateKind = keyof typeof WHATSAPP_TEMPLATES;
export const WHATSAPP_TEMPLATE_KINDS = Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplateKind[];

/** `{{1}}`, `{{2}}`… in a body: how many parameters a message of it must carry. */
export function placeholderCount(text: string): number {
  return new Set(text.match(/\{\{\d+\}\}/g) ?? []).size;
}

/** Meta's review state, plus MISSING: not created on the account yet. */
export const WHATSAPP_TEMPLATE_STATUSES = ['MISSING', 'PENDING', 'APPROVED', 'REJECTED', 'OTHER'] as const;
export type WhatsAppTemplateStatus = (typeof WHATSAPP_TEMPLATE_STATUSES)[number];

export function templateStatusOf(metaStatus: string | null): WhatsAppTemplateStatus {
  if (metaStatus === null) return 'MISSING';
  if (metaStatus === 'APPROVED' || metaStatus === 'PENDING' || metaStatus === 'REJECTED') return metaStatus;
  // PAUSED, DISABLED, IN_APPEAL, PENDING_DELETION…: shown as Meta's word.
  return 'OTHER';
}

export const WhatsAppTemplateState = z.object({
  kind: z.string(),
  name: z.string(),
  language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES),
  category: z.enum(['UTILITY', 'MARKETING']),
  status: z.enum(WHATSAPP_TEMPLATE_STATUSES),
  /** Meta's own word when `status` is OTHER (PAUSED, DISABLED…), and its reason for a rejection. */
  metaStatus: z.string().nullable(),
  rejectedReason: z.string().nullable(),
});
export type WhatsAppTemplateState = z.infer<typeof WhatsAppTemplateState>;

export const WhatsAppTemplates = z.object({ templates: z.array(WhatsAppTemplateState) });
export type WhatsAppTemplates = z.infer<typeof WhatsAppTemplates>;
