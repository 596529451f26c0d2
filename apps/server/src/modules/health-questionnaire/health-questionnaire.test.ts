import { createHash } from 'node:crypto';
import { healthDataConsentText } from '@reformer/domain/portal-health-questionnaire';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, healthDataConsents, idempotencyKeys } from '../../db/schema/index.ts';
import { createCustomer } from '../../test/factories.ts';
import { createStaffedOrganization } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type PortalClient, portalClient, tokenOf } from '../portal/portal-client.ts';

/**
 * The health questionnaire (decision 044) on a real database: the studio's choice, the customer's consent
 * before any answer, the answers as a draft anamnesis that only members who may see medical records read,
 * audited, accepted by one who may edit them; the customer never reads it back, another customer's draft is
 * a 404, and staff see on the customer's page that it arrived.
 */

let t: TestApp;
let studio: Awaited<ReturnType<typeof createStaffedOrganization<'receptionist' | 'professional'>>>;
const NOW = new Date('2027-03-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  t.setNow(NOW);
  studio = await createStaffedOrganization(t, {
    organizationName: 'Studio Sol',
    members: { receptionist: 'EST_RECEPTIONIST', professional: 'ORG_MEDICAL_PROFESSIONAL' },
  });
}, 120_000);
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${studio.organizationId}${suffix}`;
const ptText = healthDataConsentText('pt_BR', 'Studio Sol');
const ptHash = createHash('sha256').update(ptText).digest('hex');
const parQ = (answer: 'YES' | 'NO') =>
  Object.fromEntries(
    [
      'heartConditionOrHighBloodPressure',
      'chestPain',
      'dizzinessOrLossOfConsciousness',
      'otherChronicCondition',
      'prescribedMedication',
      'boneJointOrSoftTissueProblem',
      'medicallySupervisedOnly',
    ].map((field, index) => [`parQPlus.${field}`, index === 4 ? answer : 'NO']),
  );

let customerNumber = 0;
async function signedInCustomer(): Promise<{ id: string; portal: PortalClient }> {
  customerNumber += 1;
  const { id } = await createCustomer(t, studio.owner, studio.organizationId, {
    firstName: `Ana${customerNumber}`,
    lastName: 'Souza',
  });
  const link = await t.request('POST', orgPath(`/customers/${id}/class-link`), { token: studio.owner.token });
  expect(link.status, link.text).toBe(201);
  const portal = portalClient(t);
  expect((await portal.open(tokenOf(link.body.url as string))).status).toBe(200);
  return { id, portal };
}

const choose = (body: unknown, token = studio.owner.token) =>
  t.request('PUT', orgPath('/health-questionnaire/settings'), { token, body });
const consent = (portal: PortalClient, textSha256 = ptHash) =>
  portal.request('POST', '/health-questionnaire/consent', { language: 'pt_BR', textSha256 });
const send = (portal: PortalClient, answers: unknown, key?: string) =>
  t.request('POST', '/portal/health-questionnaire/answers?language=pt_BR', {
    body: { answers },
    headers: {
      'x-forwarded-for': portal.address,
      cookie: portal.cookie,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
const recordsOf = (customerId: string, token: string) =>
  t.request('GET', orgPath(`/customers/${customerId}/medical-records`), { token });

describe('the studio chooses the questionnaire', () => {
  it('is off until chosen, and only who may manage medical records chooses it', async () => {
    const read = await t.request('GET', orgPath('/health-questionnaire/settings'), {
      token: studio.owner.token,
    });
    expect(read.body).toEqual({ kind: 'OFF', questions: [] });
    const refused = await choose({ kind: 'PAR_Q_PLUS' }, studio.members.receptionist.token);
    expect(refused.status).toBe(403);
    const saved = await choose({ kind: 'PAR_Q_PLUS' }, studio.members.professional.token);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ kind: 'PAR_Q_PLUS', questions: [] });
  });

  it('refuses an anamnesis questionnaire with no question', async () => {
    const refused = await choose({ kind: 'ANAMNESIS', questions: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('the customer consents, then answers', () => {
  it('answers 409 HEALTH_CONSENT_REQUIRED to answers sent before the consent, and writes nothing', async () => {
    expect((await choose({ kind: 'PAR_Q_PLUS' })).status).toBe(200);
    const { id, portal } = await signedInCustomer();
    const early = await send(portal, parQ('NO'));
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('HEALTH_CONSENT_REQUIRED');
    expect((await recordsOf(id, studio.owner.token)).body.items).toEqual([]);
  });

  it('records the consent with the text hash, time, address and user agent; a changed text is refused', async () => {
    const { id, portal } = await signedInCustomer();
    const shown = await portal.request('GET', '/health-questionnaire?language=pt_BR');
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({
      status: 'PENDING',
      kind: 'PAR_Q_PLUS',
      consent: { text: ptText, givenAt: null },
    });
    expect(shown.body.questions).toHaveLength(7);
    const stale = await consent(portal, '0'.repeat(64));
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('HEALTH_CONSENT_TEXT_CHANGED');
    const given = await consent(portal);
    expect(given.status, given.text).toBe(201);
    expect(given.body.consent.givenAt).toBe(NOW.toISOString());
    const [row] = await t.db
      .select()
      .from(healthDataConsents)
      .where(
        and(
          eq(healthDataConsents.organizationId, studio.organizationId),
          eq(healthDataConsents.customerId, id),
        ),
      );
    expect(row).toMatchObject({
      textSha256: ptHash,
      language: 'pt_BR',
      ipAddress: portal.address,
      consentedAt: NOW,
    });
    expect(row?.userAgent).toBeTruthy();
  });

  it('names the unanswered question, never an answer', async () => {
    const { portal } = await signedInCustomer();
    await consent(portal);
    const answers = parQ('YES');
    delete answers['parQPlus.chestPain'];
    const refused = await send(portal, answers);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((issue: { path: string }) => issue.path)).toEqual([
      'answers.parQPlus.chestPain',
    ]);
    expect(refused.text).not.toContain('YES');
  });
});

describe('the answers arrive as a draft medical record', () => {
  let customerId: string;
  let portal: PortalClient;
  let recordId: string;

  beforeAll(async () => {
    expect((await choose({ kind: 'PAR_Q_PLUS' })).status).toBe(200);
    ({ id: customerId, portal } = await signedInCustomer());
    expect((await consent(portal)).status).toBe(201);
    const sent = await send(portal, parQ('YES'), 'questionnaire-send-0001');
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ status: 'SENT', sentAt: NOW.toISOString(), questions: [] });
    expect(JSON.stringify(sent.body)).not.toContain('YES');
  });

  it('is a flagged draft anamnesis for members who may see medical records', async () => {
    const list = await recordsOf(customerId, studio.members.professional.token);
    expect(list.status).toBe(200);
    const [draft] = list.body.items;
    expect(draft).toMatchObject({ type: 'ANAMNESIS', origin: 'PORTAL', isDraft: true, createdById: null });
    expect(draft.document.parQPlus.prescribedMedication).toBe('YES');
    recordId = draft.id;
  });

  it('is never shown to members who may not see medical records', async () => {
    const listed = await recordsOf(customerId, studio.members.receptionist.token);
    expect(listed.status).toBe(403);
    const read = await t.request('GET', orgPath(`/customers/${customerId}/medical-records/${recordId}`), {
      token: studio.members.receptionist.token,
    });
    expect(read.status).toBe(403);
  });

  it('is audited as sent by the customer, with no member as its actor', async () => {
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, studio.organizationId),
          eq(auditLog.action, 'medical_record.submitted'),
        ),
      );
    const entry = trail.find((row) => row.entityId === customerId);
    expect(entry).toMatchObject({ actorId: null, entityType: 'medical_record', ipAddress: portal.address });
    expect(entry?.details).toEqual({ recordIds: [recordId] });
  });

  it('is sent once: the same send replays, another is refused, and the portal never reads it back', async () => {
    const replay = await send(portal, parQ('YES'), 'questionnaire-send-0001');
    expect(replay.status).toBe(201);
    expect(replay.body.status).toBe('SENT');
    const again = await send(portal, parQ('NO'), 'questionnaire-send-0002');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('HEALTH_QUESTIONNAIRE_ALREADY_SENT');
    const view = await portal.request('GET', '/health-questionnaire');
    expect(view.body).toMatchObject({ status: 'SENT', questions: [] });
    expect(JSON.stringify(view.body)).not.toContain('prescribedMedication');
    expect((await recordsOf(customerId, studio.owner.token)).body.items).toHaveLength(1);
  });

  it('shows staff on the customer page that it was received, without answers', async () => {
    const status = await t.request('GET', orgPath(`/customers/${customerId}/health-questionnaire`), {
      token: studio.members.receptionist.token,
    });
    expect(status.status, status.text).toBe(200);
    expect(status.body).toEqual({
      status: 'RECEIVED',
      consentedAt: NOW.toISOString(),
      receivedAt: NOW.toISOString(),
    });
    const { id: pending } = await signedInCustomer();
    const other = await t.request('GET', orgPath(`/customers/${pending}/health-questionnaire`), {
      token: studio.owner.token,
    });
    expect(other.body.status).toBe('PENDING');
  });

  it('is accepted by a member who may edit records, once, and audited', async () => {
    const acceptPath = orgPath(`/customers/${customerId}/medical-records/${recordId}/accept`);
    const refused = await t.request('POST', acceptPath, { token: studio.members.receptionist.token });
    expect(refused.status).toBe(403);
    const accepted = await t.request('POST', acceptPath, { token: studio.members.professional.token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ id: recordId, isDraft: false, origin: 'PORTAL' });
    const twice = await t.request('POST', acceptPath, { token: studio.members.professional.token });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('MEDICAL_RECORD_NOT_DRAFT');
    const trail = await t.request('GET', orgPath(`/customers/${customerId}/medical-records/audit`), {
      token: studio.owner.token,
    });
    expect(trail.body.items.map((item: { action: string }) => item.action)).toEqual(
      expect.arrayContaining(['SUBMITTED', 'ACCEPTED']),
    );
  });

  it("answers 404 for another customer's draft under this customer, and for another organization", async () => {
    const { id: otherCustomer } = await signedInCustomer();
    const crossed = await t.request(
      'GET',
      orgPath(`/customers/${otherCustomer}/medical-records/${recordId}`),
      {
        token: studio.owner.token,
      },
    );
    expect(crossed.status).toBe(404);
    const foreign = await createStaffedOrganization(t, { organizationName: 'Studio Lua' });
    const outside = await t.request(
      'POST',
      `/organizations/${foreign.organizationId}/customers/${customerId}/medical-records/${recordId}/accept`,
      { token: foreign.owner.token },
    );
    expect(outside.status).toBe(404);
    const status = await t.request(
      'GET',
      `/organizations/${foreign.organizationId}/customers/${customerId}/health-questionnaire`,
      { token: foreign.owner.token },
    );
    expect(status.status).toBe(404);
  });

  it('keeps no answer in the idempotency table', async () => {
    const rows = await t.db.select({ body: idempotencyKeys.body }).from(idempotencyKeys);
    expect(rows.some((row) => row.body?.includes('parQPlus'))).toBe(false);
  });
});

describe('the portal without a session or with the questionnaire off', () => {
  it('answers 401 without a cookie and 409 HEALTH_QUESTIONNAIRE_OFF when the studio asks none', async () => {
    const noCookie = await t.request('GET', '/portal/health-questionnaire');
    expect(noCookie.status).toBe(401);
    expect((await choose({ kind: 'OFF' })).status).toBe(200);
    const { portal } = await signedInCustomer();
    const view = await portal.request('GET', '/health-questionnaire');
    expect(view.body).toMatchObject({ status: 'OFF', questions: [] });
    const refused = await consent(portal);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('HEALTH_QUESTIONNAIRE_OFF');
  });

  it('asks the chosen anamnesis questions and makes their answers the draft', async () => {
    expect(
      (
        await choose({
          kind: 'ANAMNESIS',
          questions: ['lifestyle.activityLevel', 'presentingComplaint.painIntensity'],
        })
      ).status,
    ).toBe(200);
    const { id, portal } = await signedInCustomer();
    const view = await portal.request('GET', '/health-questionnaire');
    expect(view.body.questions).toEqual(['presentingComplaint.painIntensity', 'lifestyle.activityLevel']);
    await consent(portal);
    const sent = await send(portal, {
      'presentingComplaint.painIntensity': 2,
      'lifestyle.activityLevel': ['SEDENTARY'],
    });
    expect(sent.status, sent.text).toBe(201);
    const [draft] = (await recordsOf(id, studio.owner.token)).body.items;
    expect(draft.document.lifestyle.activityLevel).toEqual(['SEDENTARY']);
    expect(draft.document.presentingComplaint.painIntensity).toBe(2);
    expect(draft.document.parQPlus.chestPain).toBeNull();
  });
});
