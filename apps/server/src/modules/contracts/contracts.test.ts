import { createHash } from 'node:crypto';
import { isValidCpf } from '@reformer/domain/cpf';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollments, payments } from '../../db/schema/index.ts';
import type { TestUser } from '../../test/factories.ts';
import { addCustomer, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type PortalClient, portalClient, tokenOf } from '../portal/portal-client.ts';

/**
 * The contract and consents (decision 043) on a real database: staff publish versions, the customer signs in
 * the portal (CPF on file, a guardian for a minor), the evidence's hash is the text's, a withdrawal within
 * seven days of the studio's calendar ends the enrollment and refunds it, consents are kept with their
 * history and stop birthday messages; another customer's and organization's ids answer 404. The studio is in
 * São Paulo (UTC−3); the clock stands on Monday 1 March 2027 at 12:00Z (09:00 there).
 */

let t: TestApp;
let owner: TestUser;

let studio: Studio;
let other: Studio;

const NOW = new Date('2027-03-01T12:00:00Z');
const TERMS_V1 = 'Contrato de prestação de serviços — versão 1.\nAulas de Pilates; cancelamento com 24 h.';
const TERMS_V2 = 'Contrato de prestação de serviços — versão 2.\nReajuste anual pelo IPCA.';
const CPF = '529.982.247-25';
const GUARDIAN_CPF = '111.444.777-35';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  t.setNow(NOW);
  studio = await createStudio(t, { organizationName: 'Studio Sol', schedule: { capacity: 100 } });
  ({ owner } = studio);
  other = await createStudio(t, { organizationName: 'Studio Lua' });
}, 120_000);
beforeEach(() => t.setNow(NOW));
afterAll(() => t.close());

const orgPath = (suffix: string, of: Studio = studio) => `/organizations/${of.organizationId}${suffix}`;

async function publish(text: string, of: Studio = studio) {
  const published = await t.request('POST', orgPath('/contract-versions', of), {
    token: of.owner.token,
    body: { text },
  });
  expect(published.status, published.text).toBe(201);
  return published.body as { id: string; number: number; textSha256: string };
}

async function signedInAs(customerId: string, of: Studio = studio): Promise<PortalClient> {
  const made = await t.request('POST', orgPath(`/customers/${customerId}/class-link`, of), {
    token: of.owner.token,
  });
  expect(made.status, made.text).toBe(201);
  const client = portalClient(t);
  expect((await client.open(tokenOf(made.body.url as string))).status).toBe(200);
  return client;
}

let cpfBase = 123_456_000;
/** A valid CPF of its own for each customer (CPFs are unique within a studio): the first whose digits check. */
function nextCpf(): string {
  cpfBase += 1;
  const nine = String(cpfBase).padStart(9, '0');
  for (let check = 0; check < 100; check += 1) {
    const cpf = `${nine}${String(check).padStart(2, '0')}`;
    if (isValidCpf(cpf)) return cpf;
  }
  throw new Error('no check digits');
}

async function customer(fields: Record<string, unknown> = {}, of: Studio = studio) {
  const created = await addCustomer(t, of, { country: 'BR', idType: 'CPF', idNumber: nextCpf(), ...fields });
  return created.id;
}

const adult = { fullName: 'Beatriz Lima Souza', cpf: CPF, accepted: true };

describe('contract and consents', () => {
  let v1: { id: string; number: number; textSha256: string };
  let customerId: string;
  let portal: PortalClient;

  beforeAll(async () => {
    v1 = await publish(TERMS_V1);
    customerId = await customer({ idNumber: CPF });
    portal = await signedInAs(customerId);
  });

  it('publishes versions numbered in order, with the text’s SHA-256; only with MANAGE_SETTINGS', async () => {
    expect(v1.number).toBe(1);
    expect(v1.textSha256).toBe(createHash('sha256').update(TERMS_V1.trim(), 'utf8').digest('hex'));
    const refused = await t.request('POST', orgPath('/contract-versions'), {
      token: studio.instructor.token,
      body: { text: 'x' },
    });
    expect(refused.status).toBe(403);
  });

  it('shows the terms to sign, and refuses a CPF that is not the one on file with a code', async () => {
    const view = await portal.request('GET', '/contract');
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({ needsSignature: true, isMinor: false, version: { id: v1.id } });
    const wrong = await portal.request('POST', '/contract/signatures', {
      ...adult,
      versionId: v1.id,
      cpf: GUARDIAN_CPF,
    });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.error.code).toBe('CONTRACT_CPF_MISMATCH');
    const badDigits = await portal.request('POST', '/contract/signatures', {
      ...adult,
      versionId: v1.id,
      cpf: '529.982.247-24',
    });
    expect(badDigits.status).toBe(400);
    expect(badDigits.body.error.code).toBe('VALIDATION_FAILED');
    const unchecked = await portal.request('POST', '/contract/signatures', {
      ...adult,
      versionId: v1.id,
      accepted: false,
    });
    expect(unchecked.status).toBe(400);
  });

  it('signs, keeping the evidence: the hash of the exact text, time, address and browser', async () => {
    const signed = await portal.request('POST', '/contract/signatures', {
      ...adult,
      versionId: v1.id,
      cpf: '52998224725',
    });
    expect(signed.status, signed.text).toBe(201);
    expect(signed.body).toMatchObject({
      needsSignature: false,
      signature: { versionNumber: 1, canWithdraw: true },
    });
    expect(signed.body.signature.withdrawalDeadline).toBe('2027-03-08');
    const again = await portal.request('POST', '/contract/signatures', { ...adult, versionId: v1.id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONTRACT_ALREADY_SIGNED');

    const staff = await t.request('GET', orgPath(`/customers/${customerId}/contract`), {
      token: owner.token,
    });
    expect(staff.status, staff.text).toBe(200);
    const [evidence] = staff.body.signatures;
    expect(evidence).toMatchObject({
      versionNumber: 1,
      versionText: TERMS_V1.trim(),
      signerName: adult.fullName,
      signerCpf: '52998224725',
      isGuardian: false,
      ipAddress: portal.address,
      signedAt: NOW.toISOString(),
    });
    expect(evidence.textSha256).toBe(createHash('sha256').update(evidence.versionText, 'utf8').digest('hex'));
    // The data-subject export carries the same evidence (LGPD art. 18).
    const exported = await t.request('GET', orgPath(`/customers/${customerId}/data-export`), {
      token: owner.token,
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.contract.signatures).toEqual(staff.body.signatures);
  });

  it('asks for a new signature when a new version is published', async () => {
    const v2 = await publish(TERMS_V2);
    expect(v2.number).toBe(2);
    const stale = await portal.request('POST', '/contract/signatures', { ...adult, versionId: v1.id });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONTRACT_VERSION_NOT_CURRENT');
    const view = await portal.request('GET', '/contract');
    expect(view.body).toMatchObject({ needsSignature: true, version: { number: 2 } });
    const versions = await t.request('GET', orgPath('/contract-versions'), { token: owner.token });
    expect(
      versions.body.versions.map((v: { number: number; signatureCount: number }) => [
        v.number,
        v.signatureCount,
      ]),
    ).toEqual([
      [2, 0],
      [1, 1],
    ]);
    // A double tap with one Idempotency-Key signs once and answers the same.
    const current = view.body.version.id as string;
    const headers = { 'idempotency-key': 'sign-twice-0001' };
    const first = await portalPost(portal, '/contract/signatures', { ...adult, versionId: current }, headers);
    const second = await portalPost(
      portal,
      '/contract/signatures',
      { ...adult, versionId: current },
      headers,
    );
    expect([first.status, second.status]).toEqual([201, 201]);
    const staff = await t.request('GET', orgPath(`/customers/${customerId}/contract`), {
      token: owner.token,
    });
    expect(staff.body.signatures.map((s: { versionNumber: number }) => s.versionNumber)).toEqual([2, 1]);
  });

  it('has a minor on file sign through a guardian (LGPD art. 14)', async () => {
    const minorId = await customer({ dateOfBirth: '2012-05-10', idType: null, idNumber: null });
    const minor = await signedInAs(minorId);
    const view = await minor.request('GET', '/contract');
    expect(view.body.isMinor).toBe(true);
    const versionId = view.body.version.id as string;
    const alone = await minor.request('POST', '/contract/signatures', { ...adult, versionId });
    expect(alone.status).toBe(400);
    expect(alone.body.error.code).toBe('CONTRACT_GUARDIAN_REQUIRED');
    const signed = await minor.request('POST', '/contract/signatures', {
      versionId,
      accepted: true,
      guardianName: 'Maria Lima Souza',
      guardianCpf: GUARDIAN_CPF,
    });
    expect(signed.status, signed.text).toBe(201);
    const staff = await t.request('GET', orgPath(`/customers/${minorId}/contract`), { token: owner.token });
    expect(staff.body.signatures[0]).toMatchObject({ isGuardian: true, signerName: 'Maria Lima Souza' });
  });

  it('gives and revokes consents, keeping the history; a revoked marketing consent stops birthday messages', async () => {
    const birthdayId = await customer({ dateOfBirth: '1990-03-05', email: 'aniversario@example.com' });
    const client = await signedInAs(birthdayId);
    const listed = async () => {
      const list = await t.request('GET', orgPath('/events/birthdays?days=30'), { token: owner.token });
      return (list.body.items as { customerId: string }[]).some((item) => item.customerId === birthdayId);
    };
    expect(await listed()).toBe(true);
    expect((await client.request('PUT', '/consents/MARKETING_MESSAGES', { isGiven: true })).status).toBe(200);
    t.setNow(new Date(NOW.getTime() + 3_600_000));
    const revoked = await client.request('PUT', '/consents/MARKETING_MESSAGES', { isGiven: false });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.consents).toContainEqual({
      kind: 'MARKETING_MESSAGES',
      isGiven: false,
      changedAt: '2027-03-01T13:00:00.000Z',
    });
    expect(await listed()).toBe(false);
    const send = await t.request('POST', orgPath(`/events/birthdays/${birthdayId}/send`), {
      token: owner.token,
      body: { occasionDate: '2027-03-05', channel: 'WHATSAPP' },
    });
    expect(send.status, send.text).toBe(409);
    expect(send.body.error.code).toBe('CUSTOMER_MARKETING_REFUSED');
    const staff = await t.request('GET', orgPath(`/customers/${birthdayId}/contract`), {
      token: owner.token,
    });
    expect(staff.body.consentHistory.map((c: { isGiven: boolean }) => c.isGiven)).toEqual([false, true]);
    expect(staff.body.consents).toContainEqual({ kind: 'IMAGE_USE', isGiven: null, changedAt: null });
  });

  it('answers 404 for another customer’s signature and another organization’s customer', async () => {
    const mine = await t.request('GET', orgPath(`/customers/${customerId}/contract`), { token: owner.token });
    const signatureId = mine.body.signatures[0].id as string;
    const someoneElse = await signedInAs(await customer());
    const foreign = await someoneElse.request('POST', `/contract/signatures/${signatureId}/withdrawal`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('CONTRACT_SIGNATURE_NOT_FOUND');
    const crossOrg = await t.request('GET', orgPath(`/customers/${customerId}/contract`, other), {
      token: other.owner.token,
    });
    expect(crossOrg.status).toBe(404);
    const staffToken = await t.request('GET', '/portal/contract', { token: owner.token });
    expect(staffToken.status).toBe(401);
  });
});

describe('withdrawal within seven days (CDC art. 49)', () => {
  let versionId: string;
  beforeAll(async () => {
    versionId = (await publish('Termos para desistência.', other)).id;
  });

  async function signedWithPayment() {
    const cpf = nextCpf();
    const customerId = await customer({ idNumber: cpf }, other);
    const enrollmentId = await enrollCustomer(t, other, customerId, { startDate: '2027-03-01' });
    const paid = await t.request('POST', orgPath('/payments', other), {
      token: other.owner.token,
      body: {
        customerId,
        enrollmentId,
        amountCents: 34_900,
        currency: 'BRL',
        paidOn: '2027-03-01',
        method: 'CREDIT_CARD',
        status: 'COMPLETED',
      },
    });
    expect(paid.status, paid.text).toBe(201);
    const client = await signedInAs(customerId, other);
    const signed = await client.request('POST', '/contract/signatures', { ...adult, cpf, versionId });
    expect(signed.status, signed.text).toBe(201);
    return { client, enrollmentId, paymentId: paid.body.id as string, signatureId: signed.body.signature.id };
  }

  it('on day 7 (late evening in São Paulo) ends the enrollment and refunds what was paid', async () => {
    const { client, enrollmentId, paymentId, signatureId } = await signedWithPayment();
    // 23:00 on 8 March in São Paulo is already 9 March in UTC: the studio's calendar decides.
    t.setNow(new Date('2027-03-09T02:00:00Z'));
    const withdrawn = await client.request('POST', `/contract/signatures/${signatureId}/withdrawal`);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.signature).toMatchObject({
      canWithdraw: false,
      withdrawnAt: '2027-03-09T02:00:00.000Z',
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'REFUNDED', refundedCents: 34_900 });
    const [enrollment] = await t.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.organizationId, other.organizationId), eq(enrollments.id, enrollmentId)));
    expect(enrollment).toMatchObject({ status: 'CANCELED', canceledFrom: '2027-03-08' });
    const staff = await t.request('GET', orgPath(`/customers/${payment?.customerId}/contract`, other), {
      token: other.owner.token,
    });
    expect(staff.body.signatures[0].withdrawal).toMatchObject({
      refundedCents: 34_900,
      canceledEnrollment: true,
    });
    const twice = await client.request('POST', `/contract/signatures/${signatureId}/withdrawal`);
    expect(twice.status).toBe(409);
  });

  it('on day 8 answers 409 with the deadline and changes nothing', async () => {
    const { client, paymentId, signatureId } = await signedWithPayment();
    t.setNow(new Date('2027-03-09T03:00:00Z'));
    const late = await client.request('POST', `/contract/signatures/${signatureId}/withdrawal`);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'CONTRACT_WITHDRAWAL_CLOSED',
      details: { deadline: '2027-03-08' },
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('COMPLETED');
  });
});

describe('new terms for a plan bought before', () => {
  it('start no new seven days: withdrawing them ends neither the plan nor refunds it', async () => {
    const v1 = await publish('Termos antigos.', other);
    const cpf = nextCpf();
    const customerId = await customer({ idNumber: cpf }, other);
    const enrollmentId = await enrollCustomer(t, other, customerId, { startDate: '2027-03-01' });
    const client = await signedInAs(customerId, other);
    expect(
      (await client.request('POST', '/contract/signatures', { ...adult, cpf, versionId: v1.id })).status,
    ).toBe(201);
    const v2 = await publish('Termos novos.', other);
    const signed = await client.request('POST', '/contract/signatures', { ...adult, cpf, versionId: v2.id });
    expect(signed.status, signed.text).toBe(201);
    const withdrawn = await client.request(
      'POST',
      `/contract/signatures/${signed.body.signature.id}/withdrawal`,
    );
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const [enrollment] = await t.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.organizationId, other.organizationId), eq(enrollments.id, enrollmentId)));
    expect(enrollment?.status).toBe('ACTIVE');
  });
});

function portalPost(client: PortalClient, path: string, body: unknown, headers: Record<string, string>) {
  return t.request('POST', `/portal${path}`, {
    body,
    headers: { 'x-forwarded-for': client.address, cookie: client.cookie, ...headers },
  });
}
