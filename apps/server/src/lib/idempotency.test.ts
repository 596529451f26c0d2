import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerPlans,
  customers,
  establishments,
  idempotencyKeys,
  organizations,
} from '../db/schema/index.ts';
import { createOrganization, createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

const post = (path: string, body: unknown, key: string, user = owner) =>
  t.request('POST', path, { token: user.token, body, headers: { 'idempotency-key': key } });

const countRows = async (table: typeof customers | typeof establishments | typeof customerPlans) =>
  (await t.db.select().from(table).where(eq(table.organizationId, organizationId))).length;

describe('Idempotency-Key on creates', () => {
  it('answers a repeated create with the first answer and writes once, for each kind of create', async () => {
    const creates = [
      {
        path: `/organizations/${organizationId}/customers`,
        body: { firstName: 'Só', lastName: 'Uma Vez' },
        table: customers,
      },
      {
        path: `/organizations/${organizationId}/establishments`,
        body: { name: 'Unidade Única' },
        table: establishments,
      },
      {
        path: `/organizations/${organizationId}/customer-plans`,
        body: {
          name: 'Mensal',
          description: 'Duas aulas',
          priceCents: 25000,
          currency: 'BRL',
          billingCycle: 'MONTHLY',
          features: ['Reformer'],
        },
        table: customerPlans,
      },
    ];
    for (const { path, body, table } of creates) {
      const before = await countRows(table);
      const key = `key-${path.split('/').at(-1)}-0001`;
      const first = await post(path, body, key);
      const second = await post(path, body, key);
      expect(first.status, first.text).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await countRows(table)).toBe(before + 1);
    }
  });

  it('writes once when two requests with one key race', async () => {
    const path = `/organizations/${organizationId}/customers`;
    const before = await countRows(customers);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(path, { firstName: 'Corrida', lastName: 'Dupla' }, 'race-key-0001'),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await countRows(customers)).toBe(before + 1);
  });

  it('creates one organization for a double submit of the create-organization form', async () => {
    const user = await createUser(t);
    const body = { name: 'Estúdio Duplo', description: '' };
    const [first, second] = await Promise.all([
      post('/organizations', body, 'org-key-0001', user),
      post('/organizations', body, 'org-key-0001', user),
    ]);
    expect(first.body.id).toBe(second.body.id);
    const named = await t.db.select().from(organizations).where(eq(organizations.name, 'Estúdio Duplo'));
    expect(named).toHaveLength(1);
  });

  it('refuses the same key for a different request, keeps keys per user, and retries without one', async () => {
    const path = `/organizations/${organizationId}/customers`;
    expect((await post(path, { firstName: 'Ana', lastName: 'Um' }, 'reused-key-01')).status).toBe(201);
    const other = await post(path, { firstName: 'Ana', lastName: 'Dois' }, 'reused-key-01');
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const stranger = await createUser(t);
    const theirs = await post('/organizations', { name: 'Outro' }, 'reused-key-01', stranger);
    expect(theirs.status).toBe(201);
    const before = await countRows(customers);
    await t.request('POST', path, { token: owner.token, body: { firstName: 'Sem', lastName: 'Chave' } });
    await t.request('POST', path, { token: owner.token, body: { firstName: 'Sem', lastName: 'Chave' } });
    expect(await countRows(customers)).toBe(before + 2);
    const bad = await post(path, { firstName: 'X', lastName: 'Y' }, 'short');
    expect(bad.status).toBe(400);
  });

  it('keeps a refusal too, and forgets keys after a day', async () => {
    const path = `/organizations/${organizationId}/customers`;
    const first = await post(path, { firstName: '', lastName: '' }, 'invalid-key-01');
    const second = await post(path, { firstName: '', lastName: '' }, 'invalid-key-01');
    expect(first.status).toBe(400);
    expect(second.body).toEqual(first.body);
    const kept = (await t.db.select().from(idempotencyKeys)).length;
    expect(await deleteExpiredIdempotencyKeys(t.db, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(kept);
  });
});
