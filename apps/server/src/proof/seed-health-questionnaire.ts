import { PAR_Q_PLUS } from '@reformer/domain/health-questionnaire';
import { expect } from 'vitest';
import type { PortalClient } from '../modules/portal/portal-client.ts';
import type { TestUser } from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * The studio asks the PAR-Q+ and the roster customer, in their portal, consents and sends it (decision 044):
 * a row in the settings, the consents and the submissions, and a draft record of the roster customer's (the
 * probes' record is the other customer's, so it stays the only record they name).
 */
export async function seedHealthQuestionnaire(
  t: TestApp,
  owner: TestUser,
  orgId: string,
  customer: PortalClient,
) {
  const chosen = await t.request('PUT', `/organizations/${orgId}/health-questionnaire/settings`, {
    token: owner.token,
    body: { kind: 'PAR_Q_PLUS' },
  });
  expect(chosen.status, chosen.text).toBe(200);
  const shown = await customer.request('GET', '/health-questionnaire?language=pt_BR');
  expect(shown.status, shown.text).toBe(200);
  const consent = { language: 'pt_BR', textSha256: shown.body.consent.textSha256 };
  const consented = await customer.request('POST', '/health-questionnaire/consent', consent);
  expect(consented.status, consented.text).toBe(201);
  const answers = Object.fromEntries(PAR_Q_PLUS.map((question) => [question.path, 'NO']));
  const sent = await customer.request('POST', '/health-questionnaire/answers?language=pt_BR', { answers });
  expect(sent.status, sent.text).toBe(201);
}
