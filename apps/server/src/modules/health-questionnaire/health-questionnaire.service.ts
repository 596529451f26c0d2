import { AppError } from '@reformer/domain/errors';
import {
  DEFAULT_QUESTIONNAIRE_SETTINGS,
  type HealthQuestionnaireSettings,
} from '@reformer/domain/health-questionnaire';
import type { CustomerQuestionnaireStatus } from '@reformer/domain/portal-health-questionnaire';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './health-questionnaire.repository.ts';

/** The studio's questionnaire; OFF until someone who may manage medical records chooses one. */
export async function readSettings(
  db: Database | Transaction,
  organizationId: string,
): Promise<HealthQuestionnaireSettings> {
  return (await repository.findSettings(db, organizationId)) ?? DEFAULT_QUESTIONNAIRE_SETTINGS;
}

export function getSettings(db: Database, access: OrgAccess) {
  return readSettings(db, access.organizationId);
}

/** A questionnaire already sent stays as it was; the next customers get the new questions. */
export async function saveSettings(
  db: Database,
  access: OrgAccess,
  values: HealthQuestionnaireSettings,
  by: { userId: string; now: Date },
) {
  await repository.saveSettings(db, access.organizationId, values, by);
  return readSettings(db, access.organizationId);
}

/**
 * Whether the customer's questionnaire arrived, for the customer's page: dates only, never an answer, so
 * members who may not see medical records may see it (a receptionist reminds the customer).
 */
export async function getCustomerStatus(
  db: Database,
  access: OrgAccess,
  customerId: string,
): Promise<CustomerQuestionnaireStatus> {
  const key = { organizationId: access.organizationId, customerId };
  if (!isUuid(customerId) || !(await repository.customerExists(db, key)))
    throw new AppError('CUSTOMER_NOT_FOUND');
  const [settings, consent, submission] = await Promise.all([
    readSettings(db, access.organizationId),
    repository.findLatestConsent(db, key),
    repository.findSubmission(db, key),
  ]);
  const status = submission ? 'RECEIVED' : settings.kind === 'OFF' ? 'OFF' : 'PENDING';
  return {
    status,
    consentedAt: consent?.consentedAt.toISOString() ?? null,
    receivedAt: submission?.submittedAt.toISOString() ?? null,
  };
}
