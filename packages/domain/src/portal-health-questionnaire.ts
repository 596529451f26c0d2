import { z } from 'zod';
import { QUESTIONNAIRE_KINDS } from './health-questionnaire.ts';
import { LANGUAGES, type Language } from './preferences.ts';
import { V } from './validation.ts';

/**
 * The health questionnaire's wire between the portal, staff and the server (decision 044): what the customer
 * sees, the consent they give to the text they read, and what staff see on the customer's page.
 */

/** What the customer sees of their questionnaire; never the answers once sent (decision 044). */
export const PORTAL_QUESTIONNAIRE_STATUSES = ['OFF', 'PENDING', 'SENT'] as const;

export const PortalQuestionnaireQuery = z.object({
  language: z.enum(LANGUAGES, V.option).default('pt_BR'),
});

export const PortalQuestionnaire = z.object({
  status: z.enum(PORTAL_QUESTIONNAIRE_STATUSES),
  kind: z.enum(QUESTIONNAIRE_KINDS),
  /** The paths asked, in order (empty once sent). */
  questions: z.array(z.string()),
  consent: z.object({
    language: z.enum(LANGUAGES),
    text: z.string(),
    textSha256: z.string(),
    givenAt: z.string().nullable(),
  }),
  sentAt: z.string().nullable(),
});
export type PortalQuestionnaire = z.infer<typeof PortalQuestionnaire>;

/** The customer's specific consent (LGPD art. 11, I) to the text they were shown, by its hash. */
export const HealthDataConsentInput = z.object({
  language: z.enum(LANGUAGES, V.option),
  textSha256: z.string(V.required).regex(/^[0-9a-f]{64}$/, V.format),
});
export type HealthDataConsentInput = z.infer<typeof HealthDataConsentInput>;

/** What staff see on the customer's page: whether it arrived, never what it says. */
export const CUSTOMER_QUESTIONNAIRE_STATUSES = ['OFF', 'PENDING', 'RECEIVED'] as const;
export const CustomerQuestionnaireStatus = z.object({
  status: z.enum(CUSTOMER_QUESTIONNAIRE_STATUSES),
  consentedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type CustomerQuestionnaireStatus = z.infer<typeof CustomerQuestionnaireStatus>;

/**
 * The consent's text, in the language the customer reads the portal in. Its SHA-256 is what the consent
 * records, so a changed word is a new text: written here, not in the catalogs, where a wording fix would
 * silently change what earlier consents refer to.
 */
export function healthDataConsentText(language: Language, organizationName: string): string {
  if (language === 'pt_BR')
    return [
      `Autorizo ${organizationName} a tratar os dados sobre a minha saúde que eu informar neste questionário`,
      'com a finalidade específica de avaliar e adaptar com segurança as minhas aulas e o meu acompanhamento',
      '(Lei 13.709/2018, LGPD, art. 11, I). Só os profissionais do estúdio autorizados a ver prontuários terão',
      'acesso a eles. Posso revogar este consentimento a qualquer momento, pedindo ao estúdio.',
    ].join(' ');
  return [
    `I authorise ${organizationName} to process the data about my health that I give in this questionnaire`,
    'for the specific purpose of assessing and safely adapting my classes and my follow-up (Brazilian law',
    '13.709/2018, LGPD, art. 11, I). Only the studio staff allowed to see medical records will have access to',
    'them. I may withdraw this consent at any time by asking the studio.',
  ].join(' ');
}
