import { MEDICAL_RECORD_EXAMPLES } from '@reformer/domain/medical-records-examples';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, makeUpCredits } from '../../db/schema/index.ts';
import {
  createCustomer,
  createMedicalRecord,
  createOrganization,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { createStudio, enrollNewCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let administrator: TestUser;
let manager: TestUser;
let accountant: TestUser;
let outsider: TestUser;
let organizationId: string;
let outsiderOrganizationId: string;
let scheduleId: string;
let studio: Studio;

// 20 March 2027, 09:00 in São Paulo: the customers' birthdays (25 March) are days ahead.
const MARCH = new Date('2027-03-20T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(MARCH);
  const created = await createStudio(t, {
    organizationName: 'Studio Equilíbrio',
    members: { administrator: 'ORG_ADMINISTRATOR', manager: 'ORG_MANAGER', accountant: 'ORG_ACCOUNTANT' },
    plan: { weeklySessionsLimit: null },
  });
  studio = created;
  ({ owner, organizationId, scheduleId } = created);
  ({ administrator, manager, accountant } = created.members);
  outsider = await createUser(t);
  outsiderOrganizationId = (await createOrganization(t, outsider)).id;
  const config = await t.request('PUT', orgPath('/events/config/birthdays'), {
    token: owner.token,
    body: {
      enabled: false,
      timing: 'ON_DAY',
      days: 0,
      sendTime: '08:00',
      channels: ['WHATSAPP'],
      template: 'Feliz aniversário, {customerName}!',
    },
  });
  expect(config.status, config.text).toBe(200);
});
afterAll(() => t.close());

const orgPath = (suffix: string, orgId = organizationId) => `/organizations/${orgId}${suffix}`;
const exportPath = (customerId: string, orgId = organizationId) =>
  orgPath(`/customers/${customerId}/data-export`, orgId);

async function call(method: string, path: string, body?: unknown) {
  const response = await t.request(method, orgPath(path), { token: owner.token, body });
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

async function sessionIdOn(date: string): Promise<string> {
  const sessions = await call('GET', `/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`);
  return sessions.items[0].id;
}

/** Cancels the customer's place on `date` at `now`; the id of the make-up credit it earned. */
async function cancelForCredit(customerId: string, date: string, now: Date): Promise<string> {
  t.setNow(now);
  const session = await sessionIdOn(date);
  const changed = await call('PUT', `/sessions/${session}/attendance/${customerId}`, { status: 'CANCELED' });
  t.setNow(MARCH);
  expect(changed.makeUpCredit).toMatchObject({ outcome: 'EARNED' });
  return changed.makeUpCredit.creditId;
}

/** Books the customer into the session on `date` at `now` as a make-up, spending their oldest valid credit. */
async function bookMakeUp(customerId: string, date: string, now: Date) {
  t.setNow(now);
  const session = await sessionIdOn(date);
  const added = await call('POST', `/sessions/${session}/customers`, {
    customerIds: [customerId],
    reason: 'REPOSITION',
  });
  t.setNow(MARCH);
  return { sessionId: session, creditId: added.spentCredits[0].creditId as string };
}

async function saveCreditValidity(validity: 'DAYS' | 'END_OF_NEXT_MONTH', validityDays = 30) {
  await call('PUT', '/make-up-credit-settings', {
    noticeHours: 24,
    monthlyLimit: 2,
    validity,
    validityDays,
    allowMakeUpOfMakeUp: false,
  });
}

/** A customer with one of everything: an enrollment, attendance, a payment, a medical record, a message. */
async function customerWithRecord(firstName: string, email: string, cpf: string) {
  const { customerId, enrollmentId } = await enrollNewCustomer(
    t,
    studio,
    { startDate: '2027-04-01' },
    {
      firstName,
      lastName: 'Exportada',
      email,
      phone: '(11) 98765-4321',
      isWhatsapp: true,
      dateOfBirth: '1990-03-25',
      idType: 'CPF',
      idNumber: cpf,
      zipCode: '01310-100',
      city: 'São Paulo',
    },
  );
  const trial = await sessionIdOn('2027-03-22');
  await call('POST', `/sessions/${trial}/customers`, { customerIds: [customerId], reason: 'TRIAL_CLASS' });
  await call('POST', `/sessions/${trial}/check-ins`, { customerId });
  const canceled = await sessionIdOn('2027-04-05');
  await call('PUT', `/sessions/${canceled}/attendance/${customerId}`, { status: 'CANCELED' });
  const payment = await call('POST', '/payments', {
    customerId,
    enrollmentId,
    amountCents: 34_900,
    currency: 'BRL',
    paidOn: '2027-03-20',
    method: 'PIX',
    status: 'COMPLETED',
  });
  const record = await createMedicalRecord(t, owner, organizationId, customerId, {
    ...MEDICAL_RECORD_EXAMPLES.ANAMNESIS,
    title: `Anamnese de ${firstName}`,
  });
  const message = await call('POST', `/events/birthdays/${customerId}/send`, {
    occasionDate: '2027-03-25',
    channel: 'WHATSAPP',
  });
  return {
    id: customerId,
    enrollmentId,
    trial,
    canceled,
    paymentId: payment.id,
    recordId: record.id,
    message,
  };
}

describe('a customer’s data export (LGPD Art. 18, decision 021)', () => {
  let ana: Awaited<ReturnType<typeof customerWithRecord>>;
  let bruno: Awaited<ReturnType<typeof customerWithRecord>>;

  beforeAll(async () => {
    ana = await customerWithRecord('Ana', 'ana.exportada@example.com', '529.982.247-25');
    bruno = await customerWithRecord('Bruno', 'bruno.outro@example.com', '111.444.777-35');
  });

  it('holds every part of the record, as a JSON attachment no one caches', async () => {
    const response = await t.request('GET', exportPath(ana.id), { token: owner.token });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="customer-${ana.id}.json"`,
    );
    const data = response.body;
    expect(data.exportedAt).toBe(MARCH.toISOString());
    expect(data.organization).toEqual({
      id: organizationId,
      name: 'Studio Equilíbrio',
      timeZone: 'America/Sao_Paulo',
    });
    expect(data.customer).toMatchObject({
      id: ana.id,
      firstName: 'Ana',
      email: 'ana.exportada@example.com',
      phone: '+5511987654321',
      idNumber: '52998224725',
      zipCode: '01310-100',
    });
    expect(data.enrollments).toEqual([
      expect.objectContaining({ id: ana.enrollmentId, startDate: '2027-04-01', status: 'ACTIVE' }),
    ]);
    expect(data.attendance).toEqual([
      expect.objectContaining({
        sessionId: ana.canceled,
        date: '2027-04-05',
        source: 'ENROLLMENT',
        status: 'CANCELED',
        checkedInAt: null,
      }),
      expect.objectContaining({
        sessionId: ana.trial,
        date: '2027-03-22',
        startTime: '07:00',
        source: 'ADDED',
        reason: 'TRIAL_CLASS',
        checkedInAt: MARCH.toISOString(),
        scheduleName: 'Reformer Iniciante',
        establishmentName: 'Centro',
      }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ id: ana.paymentId, amountCents: 34_900, currency: 'BRL', method: 'PIX' }),
    ]);
    expect(data.medicalRecords).toEqual([
      expect.objectContaining({
        id: ana.recordId,
        title: 'Anamnese de Ana',
        document: MEDICAL_RECORD_EXAMPLES.ANAMNESIS.document,
      }),
    ]);
    expect(data.messages).toEqual([
      expect.objectContaining({
        id: ana.message.id,
        kind: 'BIRTHDAY',
        channel: 'WHATSAPP',
        body: 'Feliz aniversário, Ana Exportada!',
      }),
    ]);
  });

  it('holds nothing of another customer', async () => {
    const response = await t.request('GET', exportPath(ana.id), { token: administrator.token });
    expect(response.status, response.text).toBe(200);
    for (const trace of [bruno.id, bruno.enrollmentId, bruno.paymentId, bruno.recordId, 'Bruno']) {
      expect(response.text).not.toContain(trace);
    }
  });

  it('is audited — who, whose, when, from where — without any of its content', async () => {
    const exportedAt = new Date('2027-03-21T15:00:00Z');
    t.setNow(exportedAt);
    expect((await t.request('GET', exportPath(ana.id), { token: owner.token })).status).toBe(200);
    t.setNow(MARCH);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.at, exportedAt)));
    expect(rows.map((row) => [row.action, row.entityType, row.entityId, row.actorId]).sort()).toEqual([
      ['customer.data_exported', 'customer', ana.id, owner.id],
      ['medical_record.listed', 'medical_record', ana.id, owner.id],
    ]);
    const exported = rows.find((row) => row.action === 'customer.data_exported');
    expect(exported?.details).toBeNull();
    expect(exported?.ipAddress).toBeTruthy();
    expect(rows.find((row) => row.action === 'medical_record.listed')?.details).toEqual({
      recordIds: [ana.recordId],
    });
    const written = JSON.stringify(rows);
    for (const content of ['Ana', 'ana.exportada', '52998224725', 'Anamnese', 'Feliz']) {
      expect(written).not.toContain(content);
    }
  });

  it('needs every part’s action at organization scope: a manager and an accountant get 403', async () => {
    for (const member of [manager, accountant]) {
      const response = await t.request('GET', exportPath(ana.id), { token: member.token });
      expect([response.status, response.body.error.code]).toEqual([403, 'FORBIDDEN']);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.text).not.toContain('Ana');
    }
  });

  it('answers 404 to another organization, and for a customer of another organization', async () => {
    const outsiderCall = await t.request('GET', exportPath(ana.id), { token: outsider.token });
    expect([outsiderCall.status, outsiderCall.body.error.code]).toEqual([404, 'ORGANIZATION_NOT_FOUND']);
    expect(outsiderCall.headers.get('cache-control')).toBe('no-store');
    const acrossTenants = await t.request('GET', exportPath(ana.id, outsiderOrganizationId), {
      token: outsider.token,
    });
    expect([acrossTenants.status, acrossTenants.body.error.code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
    const notAnId = await t.request('GET', exportPath('not-an-id'), { token: owner.token });
    expect([notAnId.status, notAnId.body.error.code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
  });

  it('still exports a deleted customer, whose data the studio still holds', async () => {
    const deleted = await createCustomer(t, owner, organizationId, {
      firstName: 'Dora',
      lastName: 'Apagada',
    });
    await call('DELETE', `/customers/${deleted.id}`);
    const response = await t.request('GET', exportPath(deleted.id), { token: owner.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body.customer).toMatchObject({ firstName: 'Dora', status: 'DELETED' });
  });
});

describe('make-up credits in the export', () => {
  it('lists every credit — earned, used, expired — with its dates and the classes it came from and paid for', async () => {
    const { customerId: carla } = await enrollNewCustomer(
      t,
      studio,
      { startDate: '2027-04-01', endDate: '2027-06-30' },
      { firstName: 'Carla', lastName: 'Reposição' },
    );
    // Mondays and Wednesdays at 07:00. Credit A (Monday 5 April) pays for a make-up on Wednesday 24 March,
    // B (7 April) is still valid, C (3 May, valid one day) has lapsed by the export on 10 May.
    const earnedA = new Date('2027-03-20T12:00:00Z');
    const earnedB = new Date('2027-03-21T12:00:00Z');
    const earnedC = new Date('2027-03-22T12:00:00Z');
    const usedAt = new Date('2027-03-23T12:00:00Z');
    const creditA = await cancelForCredit(carla, '2027-04-05', earnedA);
    const makeUp = await bookMakeUp(carla, '2027-03-24', usedAt);
    expect(makeUp.creditId).toBe(creditA);
    const creditB = await cancelForCredit(carla, '2027-04-07', earnedB);
    await saveCreditValidity('DAYS', 1);
    const creditC = await cancelForCredit(carla, '2027-05-03', earnedC);
    await saveCreditValidity('END_OF_NEXT_MONTH');

    t.setNow(new Date('2027-05-10T12:00:00Z'));
    const response = await t.request('GET', exportPath(carla), { token: owner.token });
    t.setNow(MARCH);
    expect(response.status, response.text).toBe(200);
    const session = async (date: string) => ({
      id: await sessionIdOn(date),
      date,
      startTime: '07:00',
      scheduleName: 'Reformer Iniciante',
      establishmentName: 'Centro',
    });
    expect(response.body.makeUpCredits).toEqual([
      {
        id: creditC,
        state: 'EXPIRED',
        earnedAt: earnedC.toISOString(),
        expiresOn: '2027-05-04',
        canceledSession: await session('2027-05-03'),
        usedAt: null,
        usedSession: null,
      },
      {
        id: creditB,
        state: 'AVAILABLE',
        earnedAt: earnedB.toISOString(),
        expiresOn: '2027-05-31',
        canceledSession: await session('2027-04-07'),
        usedAt: null,
        usedSession: null,
      },
      {
        id: creditA,
        state: 'USED',
        earnedAt: earnedA.toISOString(),
        expiresOn: '2027-05-31',
        canceledSession: await session('2027-04-05'),
        usedAt: usedAt.toISOString(),
        usedSession: await session('2027-03-24'),
      },
    ]);
  });
});

describe('a purged customer', () => {
  it('keeps their payments, anonymised, and has nothing left to export (409, not audited)', async () => {
    const { customerId, enrollmentId } = await enrollNewCustomer(
      t,
      studio,
      { startDate: '2027-04-01' },
      {
        firstName: 'Paula',
        lastName: 'Apagada',
        email: 'paula@example.com',
        dateOfBirth: '1985-03-25',
        phone: '(11) 98765-1234',
      },
    );
    const payment = await call('POST', '/payments', {
      customerId,
      enrollmentId,
      amountCents: 34_900,
      currency: 'BRL',
      paidOn: '2027-03-20',
      method: 'CASH',
      status: 'COMPLETED',
    });
    await createMedicalRecord(t, owner, organizationId, customerId, MEDICAL_RECORD_EXAMPLES.ANAMNESIS);
    await call('POST', `/events/birthdays/${customerId}/send`, {
      occasionDate: '2027-03-25',
      channel: 'WHATSAPP',
    });

    await call('POST', `/customers/${customerId}/purge`);

    // The law keeps payments five to seven years (tax records): the amounts stay, the name does not.
    const payments = await call('GET', `/payments?customerId=${customerId}`);
    expect(payments.items).toEqual([
      expect.objectContaining({ id: payment.id, amountCents: 34_900, customerName: null }),
    ]);
    const records = await call('GET', `/customers/${customerId}/medical-records`);
    expect(records.items).toEqual([]);
    const messages = await call('GET', `/customers/${customerId}/event-messages`);
    expect(messages.items).toEqual([]);

    const response = await t.request('GET', exportPath(customerId), { token: owner.token });
    expect([response.status, response.body.error.code]).toEqual([409, 'CUSTOMER_PURGED']);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toBeNull();
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, customerId), eq(auditLog.action, 'customer.data_exported')));
    expect(audited).toEqual([]);
  });

  it('keeps only the credits that paid for a make-up place that stays, naming no one', async () => {
    const { customerId } = await enrollNewCustomer(
      t,
      studio,
      { startDate: '2027-04-01', endDate: '2027-06-30' },
      { firstName: 'Priscila', lastName: 'Apagada', email: 'priscila@example.com' },
    );
    // A paid for a make-up on 17 March, before the purge (20 March); B for one on 22 March, after it; C unused.
    const creditA = await cancelForCredit(customerId, '2027-04-05', new Date('2027-03-15T12:00:00Z'));
    const past = await bookMakeUp(customerId, '2027-03-17', new Date('2027-03-15T12:00:00Z'));
    await cancelForCredit(customerId, '2027-04-07', MARCH);
    const upcoming = await bookMakeUp(customerId, '2027-03-22', MARCH);
    await cancelForCredit(customerId, '2027-05-03', MARCH);
    expect(past.creditId).toBe(creditA);

    await call('POST', `/customers/${customerId}/purge`);

    const rows = await t.db
      .select()
      .from(makeUpCredits)
      .where(and(eq(makeUpCredits.organizationId, organizationId), eq(makeUpCredits.customerId, customerId)));
    expect(rows).toEqual([expect.objectContaining({ id: creditA, usedSessionId: past.sessionId })]);
    for (const trace of ['Priscila', 'Apagada', 'priscila@example.com']) {
      expect(JSON.stringify(rows)).not.toContain(trace);
    }
    // Nothing breaks: the kept make-up is still on its session, the upcoming one is gone, the credit list reads.
    const pastSession = await call('GET', `/sessions/${past.sessionId}`);
    expect(JSON.stringify(pastSession)).toContain(customerId);
    const upcomingSession = await call('GET', `/sessions/${upcoming.sessionId}`);
    expect(JSON.stringify(upcomingSession)).not.toContain(customerId);
    const credits = await call('GET', `/customers/${customerId}/make-up-credits`);
    expect(credits.summary).toEqual({ earned: 1, available: 0, used: 1, expired: 0 });
    expect(JSON.stringify(credits)).not.toContain('Priscila');
  });
});
