import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createEstablishment,
  createOrganization,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { createStaffedOrganization } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The rules, the no-credit dates and a customer's list; earning and spending: make-up-credits-attendance.test.ts. */

let t: TestApp;
let owner: TestUser;
let instructor: TestUser;
let accountant: TestUser;
let outsider: TestUser;
let organizationId: string;
let centro: string;
let otherOrganizationEstablishment: string;

beforeAll(async () => {
  t = await createTestApp();
  const studio = await createStaffedOrganization(t, { members: { accountant: 'ORG_ACCOUNTANT' } });
  ({ owner, organizationId, establishmentId: centro, instructor } = studio);
  ({ accountant } = studio.members);
  outsider = await createUser(t);
  const elsewhere = (await createOrganization(t, outsider)).id;
  otherOrganizationEstablishment = (await createEstablishment(t, outsider, elsewhere, 'Outra')).id;
});
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;
const datesPath = (establishmentId: string, date = '') =>
  orgPath(`/establishments/${establishmentId}/no-credit-dates${date && `/${date}`}`);
const DEFAULTS = {
  noticeHours: 24,
  monthlyLimit: 2,
  validity: 'END_OF_NEXT_MONTH',
  validityDays: 30,
  allowMakeUpOfMakeUp: false,
  portalBookingHours: 2,
  portalMakeUpScope: 'SAME_ESTABLISHMENT',
};

describe('make-up credit settings', () => {
  it('are the defaults until saved, readable by every member, changed only with MANAGE_SETTINGS', async () => {
    for (const member of [owner, instructor, accountant]) {
      const read = await t.request('GET', orgPath('/make-up-credit-settings'), { token: member.token });
      expect(read.status, read.text).toBe(200);
      expect(read.body).toEqual(DEFAULTS);
    }
    const changed = {
      ...DEFAULTS,
      noticeHours: 12,
      validity: 'DAYS',
      validityDays: 45,
      allowMakeUpOfMakeUp: true,
    };
    const refused = await t.request('PUT', orgPath('/make-up-credit-settings'), {
      token: instructor.token,
      body: changed,
    });
    expect(refused.status).toBe(403);
    const saved = await t.request('PUT', orgPath('/make-up-credit-settings'), {
      token: owner.token,
      body: changed,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual(changed);
    const read = await t.request('GET', orgPath('/make-up-credit-settings'), { token: instructor.token });
    expect(read.body).toEqual(changed);
    await t.request('PUT', orgPath('/make-up-credit-settings'), { token: owner.token, body: DEFAULTS });
  });

  it('refuse values out of range with the fields, and outsiders with 404', async () => {
    const bad = await t.request('PUT', orgPath('/make-up-credit-settings'), {
      token: owner.token,
      body: { ...DEFAULTS, noticeHours: -1, monthlyLimit: '2', validity: 'FOREVER' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'monthlyLimit',
      'noticeHours',
      'validity',
    ]);
    const as = { token: outsider.token };
    const answers = await Promise.all([
      t.request('GET', orgPath('/make-up-credit-settings'), as),
      t.request('PUT', orgPath('/make-up-credit-settings'), { ...as, body: DEFAULTS }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404]);
  });
});

describe('no-credit dates', () => {
  it('are added, renamed, listed by date and removed per establishment', async () => {
    const carnival = await t.request('PUT', datesPath(centro, '2027-02-09'), {
      token: owner.token,
      body: { name: 'Carnaval' },
    });
    expect(carnival.status, carnival.text).toBe(200);
    expect(carnival.body).toEqual({ establishmentId: centro, date: '2027-02-09', name: 'Carnaval' });
    await t.request('PUT', datesPath(centro, '2027-01-01'), { token: owner.token, body: {} });
    const renamed = await t.request('PUT', datesPath(centro, '2027-01-01'), {
      token: owner.token,
      body: { name: ' Ano Novo ' },
    });
    expect(renamed.body.name).toBe('Ano Novo');
    const praia = (await createEstablishment(t, owner, organizationId, 'Praia')).id;
    const list = await t.request('GET', datesPath(centro), { token: instructor.token });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { establishmentId: centro, date: '2027-01-01', name: 'Ano Novo' },
      { establishmentId: centro, date: '2027-02-09', name: 'Carnaval' },
    ]);
    expect((await t.request('GET', datesPath(praia), { token: owner.token })).body.items).toEqual([]);
    const removed = await t.request('DELETE', datesPath(centro, '2027-01-01'), { token: owner.token });
    expect(removed.status).toBe(204);
    const again = await t.request('DELETE', datesPath(centro, '2027-01-01'), { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NO_CREDIT_DATE_NOT_FOUND');
  });

  it('refuse bad dates, unknown or foreign establishments, members without MANAGE_SETTINGS, outsiders', async () => {
    const badDate = await t.request('PUT', datesPath(centro, '2027-02-30'), { token: owner.token, body: {} });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.code).toBe('VALIDATION_FAILED');
    const longName = await t.request('PUT', datesPath(centro, '2027-03-01'), {
      token: owner.token,
      body: { name: 'x'.repeat(121) },
    });
    expect(longName.status).toBe(400);
    for (const establishmentId of [otherOrganizationEstablishment, 'not-an-id']) {
      const unknown = await t.request('PUT', datesPath(establishmentId, '2027-03-01'), {
        token: owner.token,
        body: {},
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('ESTABLISHMENT_NOT_FOUND');
      expect((await t.request('GET', datesPath(establishmentId), { token: owner.token })).status).toBe(404);
    }
    const refused = await t.request('PUT', datesPath(centro, '2027-03-01'), {
      token: instructor.token,
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(
      (await t.request('DELETE', datesPath(centro, '2027-02-09'), { token: instructor.token })).status,
    ).toBe(403);
    const as = { token: outsider.token };
    const answers = await Promise.all([
      t.request('GET', datesPath(centro), as),
      t.request('PUT', datesPath(centro, '2027-03-01'), { ...as, body: {} }),
      t.request('DELETE', datesPath(centro, '2027-02-09'), as),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    const kept = await t.request('GET', datesPath(centro), { token: owner.token });
    expect(kept.body.items.map((item: { date: string }) => item.date)).toEqual(['2027-02-09']);
  });
});

describe("a customer's credits", () => {
  it('list nothing for a new customer; need VIEW_CUSTOMERS; 404 for unknown or outsiders', async () => {
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Ana', lastName: 'Lima' });
    const path = orgPath(`/customers/${customer.id}/make-up-credits`);
    const empty = await t.request('GET', path, { token: instructor.token });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toEqual({ items: [], summary: { earned: 0, available: 0, used: 0, expired: 0 } });
    expect((await t.request('GET', path, { token: accountant.token })).status).toBe(403);
    expect((await t.request('GET', path, { token: outsider.token })).status).toBe(404);
    for (const id of ['not-an-id', '01900000-0000-7000-8000-000000000000']) {
      const missing = await t.request('GET', orgPath(`/customers/${id}/make-up-credits`), {
        token: owner.token,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    }
  });
});
