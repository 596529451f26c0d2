import { createHash } from 'node:crypto';
import { AppError } from '@reformer/domain/errors';
import { draftTitle, questionsOf, toAnamnesisDocument } from '@reformer/domain/health-questionnaire';
import { summarizeUserAgent } from '@reformer/domain/portal';
import {
  type HealthDataConsentInput,
  healthDataConsentText,
  type PortalQuestionnaire,
} from '@reformer/domain/portal-health-questionnaire';
import type { Language } from '@reformer/domain/preferences';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import type { Transaction } from '../../db/client.ts';
import { describeIssues } from '../../lib/errors.ts';
import * as links from '../class-links/class-links.repository.ts';
import { submitDraftRecord } from '../medical-records/medical-records.service.ts';
import { type PortalCustomer, type PortalDeps, underPortalSession } from '../portal/portal-access.ts';
import * as repository from './health-questionnaire.repository.ts';
import { readSettings } from './health-questionnaire.service.ts';

/**
 * The customer's side of the health questionnaire (decision 044), under their portal session: they consent
 * (LGPD art. 11, I) to the text shown, then send their answers once; the answers become a draft anamnesis
 * record (medical-records.service), and the portal never reads them back.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function consentTextOf(tx: Transaction, customer: PortalCustomer, language: Language) {
  const greeting = await links.findGreeting(tx, customer);
  if (!greeting) throw new AppError('PORTAL_SESSION_REQUIRED');
  const text = healthDataConsentText(language, greeting.organizationName);
  return { text, textSha256: sha256(text), timeZone: greeting.timeZone };
}

async function readView(tx: Transaction, customer: PortalCustomer, language: Language) {
  const [settings, consent, submission, shown] = await Promise.all([
    readSettings(tx, customer.organizationId),
    repository.findLatestConsent(tx, customer),
    repository.findSubmission(tx, customer),
    consentTextOf(tx, customer, language),
  ]);
  const status = submission ? 'SENT' : settings.kind === 'OFF' ? 'OFF' : 'PENDING';
  const view: PortalQuestionnaire = {
    status,
    kind: settings.kind,
    questions: status === 'PENDING' ? questionsOf(settings).map((question) => question.path) : [],
    consent: {
      language,
      text: shown.text,
      textSha256: shown.textSha256,
      givenAt: consent?.consentedAt.toISOString() ?? null,
    },
    sentAt: submission?.submittedAt.toISOString() ?? null,
  };
  return { view, settings, consent, submission, shown };
}

export function viewQuestionnaire(deps: PortalDeps, cookie: string | undefined, language: Language) {
  return underPortalSession(
    deps,
    cookie,
    async (tx, customer) => (await readView(tx, customer, language)).view,
  );
}

/**
 * Records the consent to the text the customer was shown, named by its hash; a text that changed since
 * (the studio renamed) is refused, so the evidence is always of words the customer read. The same consent
 * again (a double tap) records nothing new.
 */
export function giveConsent(deps: PortalDeps, cookie: string | undefined, input: HealthDataConsentInput) {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const { settings, consent, submission, shown } = await readView(tx, customer, input.language);
    if (settings.kind === 'OFF' && !submission) throw new AppError('HEALTH_QUESTIONNAIRE_OFF');
    if (input.textSha256 !== shown.textSha256) throw new AppError('HEALTH_CONSENT_TEXT_CHANGED');
    if (consent?.textSha256 !== input.textSha256)
      await repository.insertConsent(tx, {
        organizationId: customer.organizationId,
        id: uuidv7(),
        customerId: customer.customerId,
        portalSessionId: customer.sessionId,
        textSha256: shown.textSha256,
        language: input.language,
        ipAddress: deps.ipAddress,
        userAgent: summarizeUserAgent(deps.userAgent),
        consentedAt: deps.now,
      });
    return (await readView(tx, customer, input.language)).view;
  });
}

/**
 * Sends the answers once: they are checked against the studio's questions as they are now, and become a
 * draft anamnesis record. The same send again (its Idempotency-Key) answers as the first; another is 409.
 */
export function submitAnswers(
  deps: PortalDeps,
  cookie: string | undefined,
  input: { answers: unknown; language: Language; idempotencyKey: string | undefined },
) {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    if (!(await repository.lockCustomer(tx, customer))) throw new AppError('PORTAL_SESSION_REQUIRED');
    const { settings, consent, submission, shown } = await readView(tx, customer, input.language);
    if (submission) {
      const isReplay =
        input.idempotencyKey !== undefined && submission.idempotencyKey === input.idempotencyKey;
      if (isReplay) return (await readView(tx, customer, input.language)).view;
      throw new AppError('HEALTH_QUESTIONNAIRE_ALREADY_SENT');
    }
    if (settings.kind === 'OFF') throw new AppError('HEALTH_QUESTIONNAIRE_OFF');
    if (!consent) throw new AppError('HEALTH_CONSENT_REQUIRED');
    const checked = toAnamnesisDocument(questionsOf(settings), input.answers);
    if (!checked.ok) throw new AppError('VALIDATION_FAILED', undefined, describeIssues(checked.issues));
    const recordId = await submitDraftRecord(tx, customer, {
      recordDate: todayIn(shown.timeZone, deps.now),
      title: draftTitle(settings.kind, input.language),
      document: checked.document,
      ipAddress: deps.ipAddress,
      now: deps.now,
    });
    await repository.insertSubmission(tx, {
      organizationId: customer.organizationId,
      id: uuidv7(),
      customerId: customer.customerId,
      medicalRecordId: recordId,
      consentId: consent.id,
      idempotencyKey: input.idempotencyKey ?? null,
      submittedAt: deps.now,
    });
    return (await readView(tx, customer, input.language)).view;
  });
}
