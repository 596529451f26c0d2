import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostalCodeStandIn } from '../../proof/postal-code-stand-in.ts';
import { addCustomer, createStudio, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type PortalClient, portalClient, tokenOf } from '../portal/portal-client.ts';

/**
 * The customer's profile in the portal (decision 046) on a real database: the customer form's rules, the
 * e-mail's uniqueness, each change kept (old → new) and listed to staff, nothing written by a refused save,
 * and the walls between customers, organizations, and staff and customers. CEPs are looked up at a local
 * stand-in answering as ViaCEP does.
 */

let t: TestApp;
let studio: Studio;
let other: Studio;
let standIn: Awaited<ReturnType<typeof startPostalCodeStandIn>>;
const NOW = new Date('2027-03-01T12:00:00Z');

beforeAll(async () => {
  standIn = await startPostalCodeStandIn();
  t = await createTestApp({ TRUST_PROXY: 'true', ...standIn.env });
  t.setNow(NOW);
  studio = await createStudio(t, { organizationName: 'Studio Sol' });
  other = await createStudio(t, { organizationName: 'Studio Lua' });
}, 120_000);
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let customerNumber = 0;
async function customer() {
  customerNumber += 1;
  const created = await addCustomer(t, studio, {
    email: `bia${customerNumber}@example.com`,
    phone: '+5511987654321',
    zipCode: '01310-100',
    address: 'Avenida Paulista',
    city: 'São Paulo',
    state: 'SP',
  });
  return created.id as string;
}

async function signedInAs(customerId: string): Promise<PortalClient> {
  const path = `/organizations/${studio.organizationId}/customers/${customerId}/class-link`;
  const made = await t.request('POST', path, { token: studio.owner.token });
  expect(made.status, made.text).toBe(201);
  const client = portalClient(t);
  expect((await client.open(tokenOf(made.body.url as string))).status).toBe(200);
  return client;
}

const historyOf = (customerId: string, of: Studio = studio) =>
  t.request('GET', `/organizations/${of.organizationId}/customers/${customerId}/profile-changes`, {
    token: of.owner.token,
  });

async function profileOf(client: PortalClient) {
  const read = await client.request('GET', '/profile');
  expect(read.status, read.text).toBe(200);
  return read.body as Record<string, unknown>;
}

describe('the customer edits their profile', () => {
  it('saves the phone, address and emergency contact the staff form’s way, and staff see each change', async () => {
    const customerId = await customer();
    const client = await signedInAs(customerId);
    const before = await profileOf(client);
    expect(before).toMatchObject({ country: 'BR', phone: '+5511987654321', zipCode: '01310-100' });

    const saved = await client.request('PUT', '/profile', {
      ...before,
      phone: '(11) 91234-5678',
      zipCode: '04538133',
      address: 'Avenida Brigadeiro Faria Lima',
      emergencyContactName: 'Ana Lima',
      emergencyContactPhone: '(11) 3333-4444',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      phone: '+5511912345678',
      zipCode: '04538-133',
      emergencyContactPhone: '+551133334444',
    });
    const onFile = await t.request('GET', `/organizations/${studio.organizationId}/customers/${customerId}`, {
      token: studio.owner.token,
    });
    expect(onFile.body.phone).toBe('+5511912345678');

    const history = await historyOf(customerId);
    expect(history.status, history.text).toBe(200);
    const changes = history.body.items.map((item: { field: string; from: string; to: string }) => [
      item.field,
      item.from,
      item.to,
    ]);
    expect(changes).toEqual([
      ['phone', '+5511987654321', '+5511912345678'],
      ['zipCode', '01310-100', '04538-133'],
      ['address', 'Avenida Paulista', 'Avenida Brigadeiro Faria Lima'],
      ['emergencyContactName', null, 'Ana Lima'],
      ['emergencyContactPhone', null, '+551133334444'],
    ]);
    expect(history.body.items[0].changedAt).toBe(NOW.toISOString());
    // The customer's data-subject export (LGPD art. 18) holds the same history.
    const exported = await t.request(
      'GET',
      `/organizations/${studio.organizationId}/customers/${customerId}/data-export`,
      { token: studio.owner.token },
    );
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.profileChanges).toEqual(history.body.items);
  });

  it('writes nothing when nothing changed', async () => {
    const customerId = await customer();
    const client = await signedInAs(customerId);
    const saved = await client.request('PUT', '/profile', await profileOf(client));
    expect(saved.status, saved.text).toBe(200);
    expect((await historyOf(customerId)).body.items).toEqual([]);
  });

  it('refuses an invalid phone or CEP with 400 naming the field, and writes nothing', async () => {
    const customerId = await customer();
    const client = await signedInAs(customerId);
    const before = await profileOf(client);
    for (const [field, value] of [
      ['phone', '123'],
      ['zipCode', '0131-10'],
      ['emergencyContactPhone', '99'],
      ['email', 'not-an-email'],
    ] as const) {
      const refused = await client.request('PUT', '/profile', { ...before, [field]: value });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.error.code).toBe('VALIDATION_FAILED');
      expect(refused.body.error.details.map((issue: { path: string }) => issue.path)).toEqual([field]);
    }
    const other = await client.request('PUT', '/profile', { ...before, country: 'US' });
    expect(other.status).toBe(400);
    expect(await profileOf(client)).toEqual(before);
    expect((await historyOf(customerId)).body.items).toEqual([]);
  });

  it('refuses an e-mail another customer of the studio has, as staff’s form does', async () => {
    await customer();
    const takenEmail = `bia${customerNumber}@example.com`;
    const client = await signedInAs(await customer());
    const before = await profileOf(client);
    // Compared as stored, in lower case, like staff's form.
    const taken = await client.request('PUT', '/profile', { ...before, email: takenEmail.toUpperCase() });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.error.code).toBe('CUSTOMER_EMAIL_TAKEN');
    // A customer of another studio may have the same e-mail.
    await addCustomer(t, other, { email: 'shared@example.com' });
    const shared = await client.request('PUT', '/profile', { ...before, email: 'shared@example.com' });
    expect(shared.status, shared.text).toBe(200);
  });

  it('looks a CEP up for a signed-in customer only', async () => {
    const client = await signedInAs(await customer());
    const found = await client.request('GET', '/postal-codes/01310100');
    expect(found.status, found.text).toBe(200);
    expect(found.body).toMatchObject({ street: 'Avenida Paulista', city: 'São Paulo', state: 'SP' });
    expect((await client.request('GET', '/postal-codes/00000000')).status).toBe(404);
    const stranger = await t.request('GET', '/portal/postal-codes/01310100');
    expect(stranger.status).toBe(401);
  });
});

describe('a purge', () => {
  it('erases the history with the customer’s other personal data (old phones and addresses)', async () => {
    const customerId = await customer();
    const client = await signedInAs(customerId);
    await client.request('PUT', '/profile', { ...(await profileOf(client)), city: 'Campinas' });
    expect((await historyOf(customerId)).body.items).toHaveLength(1);
    const purge = `/organizations/${studio.organizationId}/customers/${customerId}/purge`;
    expect((await t.request('POST', purge, { token: studio.owner.token })).status).toBe(204);
    expect((await historyOf(customerId)).body.items).toEqual([]);
  });
});

describe('the walls', () => {
  it('reaches only the cookie’s customer: another customer’s history stays theirs', async () => {
    const mine = await customer();
    const theirs = await customer();
    const client = await signedInAs(mine);
    const before = await profileOf(client);
    await client.request('PUT', '/profile', { ...before, city: 'Campinas' });
    expect((await historyOf(mine)).body.items).toHaveLength(1);
    expect((await historyOf(theirs)).body.items).toEqual([]);
  });

  it('answers 404 to another organization’s staff, 401 without a cookie and to a staff token', async () => {
    const customerId = await customer();
    expect((await historyOf(customerId, other)).status).toBe(404);
    expect((await t.request('GET', '/portal/profile')).status).toBe(401);
    const asStaff = await t.request('PUT', '/portal/profile', { token: studio.owner.token, body: {} });
    expect(asStaff.status).toBe(401);
  });
});
