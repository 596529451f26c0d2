import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrganization, createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type Database, openDatabase } from './client.ts';
import {
  ensureLeakproofEnumEquality,
  ORGANIZATION_SETTING,
  organizationTransaction,
  TENANT_ROLE,
  tenantTables,
} from './row-level-security.ts';

let t: TestApp;
let owner: TestUser;
let studioA: { id: string };
let studioB: { id: string };
let customerOfA: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  studioA = await createOrganization(t, owner);
  studioB = await createOrganization(t, owner);
  customerOfA = await createCustomer(t, owner, studioA.id, { firstName: 'Ana', lastName: 'Lima' });
  await createCustomer(t, owner, studioB.id, { firstName: 'Bia', lastName: 'Rocha' });
});
afterAll(() => t.close());

async function withOwnerClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A transaction on the tenant pool, naming `organizationId` unless it is null. */
function asTenant<T>(organizationId: string | null, run: (tx: Database) => Promise<T>): Promise<T> {
  return t.database.tenantDb.transaction(async (tx) => {
    if (organizationId)
      await tx.execute(sql`select set_config(${ORGANIZATION_SETTING}, ${organizationId}, true)`);
    return run(tx as unknown as Database);
  });
}

/** The rows of a raw statement (Drizzle types `execute` loosely on a generic database). */
const rowsOf = async <Row>(db: Database, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;

const countCustomersOf = async (organizationId: string) =>
  (
    await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from customers where organization_id = ${organizationId}`,
    )
  )[0]?.n;

const countOf = async (db: Database, table: string) => {
  const [row] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from public."${table}"`));
  return row?.n ?? 0;
};

describe('row-level security', () => {
  it('walls every table that holds an organization’s rows, tables added later included', async () => {
    const tables = await withOwnerClient(tenantTables);
    expect(tables.map((table) => table.table)).toEqual(
      expect.arrayContaining(['customers', 'memberships', 'payments', 'medical_records', 'audit_log']),
    );
    expect(tables.filter((table) => !table.walled || !table.policy)).toEqual([]);
  });

  it('runs the tenant pool as a role that neither owns the tables nor bypasses the wall', async () => {
    const [role] = await rowsOf<{ name: string; super: boolean; bypass: boolean }>(
      t.database.tenantDb,
      sql`select current_user as name, r.rolsuper as super, r.rolbypassrls as bypass
            from pg_roles r where r.rolname = current_user`,
    );
    expect(role).toEqual({ name: TENANT_ROLE, super: false, bypass: false });
  });

  it('shows no row of any tenant table to a transaction that names no organization', async () => {
    const tables = (await withOwnerClient(tenantTables)).map((table) => table.table);
    const seen = await asTenant(null, async (tx) => {
      const counts: Record<string, number> = {};
      for (const table of [...tables, 'customers_in_organization']) counts[table] = await countOf(tx, table);
      return counts;
    });
    expect(Object.values(seen).every((n) => n === 0)).toBe(true);
    // …while the rows are there: the owner sees both organizations' customers and memberships.
    expect(await countOf(t.db, 'customers')).toBe(2);
    expect(await countOf(t.db, 'memberships')).toBe(2);
  });

  it('shows a transaction only the rows of the organization it names, through the table and the view', async () => {
    const seen = await asTenant(studioA.id, async (tx) => ({
      customers: await countOf(tx, 'customers'),
      view: await countOf(tx, 'customers_in_organization'),
      memberships: await countOf(tx, 'memberships'),
    }));
    expect(seen).toEqual({ customers: 1, view: 1, memberships: 1 });
  });

  it('refuses to write a row for another organization than the one named', async () => {
    const write = asTenant(studioA.id, (tx) =>
      tx.execute(
        sql`insert into customers (organization_id, id, first_name, last_name)
            values (${studioB.id}, ${randomUUID()}, 'Eve', 'Intruder')`,
      ),
    );
    await expect(write).rejects.toMatchObject({ cause: { code: '42501' } });
    expect(await countOf(t.db, 'customers')).toBe(2);
  });

  it('opens a request’s transaction naming its organization; a nested one is a savepoint; a failure rolls all back', async () => {
    const renameAna = (db: Database, firstName: string) =>
      db.execute(sql`update customers set first_name = ${firstName} where id = ${customerOfA.id}`);
    const firstNameOfAna = async (db: Database) =>
      (
        await rowsOf<{ first_name: string }>(
          db,
          sql`select first_name from customers where id = ${customerOfA.id}`,
        )
      )[0]?.first_name;
    const seen = await organizationTransaction(t.database.tenantDb, studioA.id, async (tx) => {
      const [named] = await rowsOf<{ id: string }>(
        tx,
        sql`select current_setting(${ORGANIZATION_SETTING}) as id`,
      );
      await tx
        .transaction(async (inner) => {
          await renameAna(inner as unknown as Database, 'Inner');
          throw new Error('refused inside');
        })
        .catch(() => {});
      return {
        named: named?.id,
        afterInner: await firstNameOfAna(tx),
        customers: await countOf(tx, 'customers'),
      };
    });
    expect(seen).toEqual({
      named: studioA.id,
      afterInner: 'Ana',
      customers: await countCustomersOf(studioA.id),
    });

    const failing = organizationTransaction(t.database.tenantDb, studioA.id, async (tx) => {
      await renameAna(tx, 'Outer');
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await firstNameOfAna(t.db)).toBe('Ana');

    // Anything but a UUID names no organization, so nothing can be written into the statement's text.
    const injected = `${studioA.id}', true); select set_config('x', 'y`;
    expect(
      await organizationTransaction(t.database.tenantDb, injected, (tx) => countOf(tx, 'customers')),
    ).toBe(0);
  });

  it('sends BEGIN with a transaction’s first statement: one write fewer, and a transaction without one still ends', async () => {
    // Over TCP, where a write names its port: the embedded server's pools use its Unix socket, whose writes
    // name nothing, and which carries the same bytes.
    const url = new URL(t.database.url);
    url.hostname = '127.0.0.1';
    const port = Number(url.port);
    const overTcp = openDatabase(url.toString());
    let writes = 0;
    const socket = Socket.prototype as unknown as Record<
      '_write' | '_writev',
      (...args: unknown[]) => unknown
    >;
    const originals = { _write: socket._write, _writev: socket._writev };
    for (const name of ['_write', '_writev'] as const)
      socket[name] = function (this: Socket, ...args: unknown[]) {
        if (this.remotePort === port) writes += 1;
        return originals[name].apply(this, args);
      };
    try {
      // An idle connection in the pool first, so that no connection's start-up is counted.
      await organizationTransaction(overTcp.tenantDb, studioA.id, (tx) => countOf(tx, 'customers'));
      writes = 0;
      const named = await organizationTransaction(overTcp.tenantDb, studioA.id, async (tx) => {
        const [row] = await rowsOf<{ id: string }>(
          tx,
          sql`select current_setting(${ORGANIZATION_SETTING}) as id`,
        );
        return row?.id;
      });
      expect(named).toBe(studioA.id);
      // BEGIN and the setting with the statement, then COMMIT; written one by one, it was three.
      expect(writes).toBe(2);
      // Statements started together go out together, in order, with the BEGIN.
      const customersOfB = await countCustomersOf(studioB.id);
      writes = 0;
      const together = await organizationTransaction(overTcp.tenantDb, studioB.id, (tx) =>
        Promise.all([
          rowsOf<{ id: string }>(tx, sql`select current_setting(${ORGANIZATION_SETTING}) as id`),
          countOf(tx, 'customers'),
        ]),
      );
      expect(together).toEqual([[{ id: studioB.id }], customersOfB]);
      expect(writes).toBe(2);
      Object.assign(socket, originals);
      // Nothing asked: the held-back BEGIN is sent at the end, and the transaction commits instead of waiting.
      expect(await organizationTransaction(overTcp.tenantDb, studioA.id, async () => 42)).toBe(42);
    } finally {
      Object.assign(socket, originals);
      await overTcp.close();
    }
  });

  it('reuses a connection’s transaction object, and each transaction on it sees only its own organization', async () => {
    const expected = new Map([
      [studioA.id, await countCustomersOf(studioA.id)],
      [studioB.id, await countCustomersOf(studioB.id)],
      ['', 0],
    ]);
    const organizations = [...expected.keys()];
    // More at once than the pool's connections, so the same connection serves organizations one after the other.
    const seen = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const organizationId = organizations[i % organizations.length] as string;
        return organizationTransaction(t.database.tenantDb, organizationId, async (tx) => {
          const [backend] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          return { organizationId, tx, pid: backend?.pid, customers: await countOf(tx, 'customers') };
        });
      }),
    );
    for (const { organizationId, customers } of seen) expect(customers).toBe(expected.get(organizationId));
    const objectsByBackend = new Map<number | undefined, Set<unknown>>();
    for (const { pid, tx } of seen)
      objectsByBackend.set(pid, (objectsByBackend.get(pid) ?? new Set()).add(tx));
    expect(objectsByBackend.size).toBeLessThan(seen.length);
    for (const objects of objectsByBackend.values()) expect(objects.size).toBe(1);
  });

  it('puts the requests of an organization behind the wall', async () => {
    const path = `/organizations/${studioA.id}/customers/${customerOfA.id}`;
    expect((await t.request('GET', path, { token: owner.token })).status).toBe(200);
    // With the policy letting nothing through, the very same request finds nothing: it went through it.
    await t.database.execute('alter policy tenant_isolation on customers using (false)');
    try {
      const walled = await t.request('GET', path, { token: owner.token });
      expect(walled.status).toBe(404);
    } finally {
      await t.database.execute(
        `alter policy tenant_isolation on customers using (organization_id = nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid)`,
      );
    }
    expect((await t.request('GET', path, { token: owner.token })).status).toBe(200);
  });

  it('rolls back what a refused request wrote before it was refused', async () => {
    const before = await countOf(t.db, 'customers');
    // A duplicate e-mail is refused by the unique index after the first insert of the pair succeeded.
    const email = `twin-${randomUUID()}@example.com`;
    await createCustomer(t, owner, studioA.id, { firstName: 'Twin', lastName: 'One', email });
    const second = await t.request('POST', `/organizations/${studioA.id}/customers`, {
      token: owner.token,
      body: { firstName: 'Twin', lastName: 'Two', email },
    });
    expect(second.status).toBe(409);
    expect(await countOf(t.db, 'customers')).toBe(before + 1);
  });

  it('keeps the customer search on the trigram index it uses without the wall', async () => {
    await t.database.execute(
      // Studio A among 20 organizations, as the search's index serves them all.
      `insert into organizations (id, name) select gen_random_uuid(), 'Other ' || i from generate_series(1, 19) as i;
       insert into customers (organization_id, id, first_name, last_name)
       select case when i % 20 = 0 then '${studioA.id}'::uuid else other.id end,
              gen_random_uuid(), 'Cliente' || i, md5(i::text)
         from generate_series(1, 40000) as i
         join (select id, row_number() over () - 1 as n from organizations where name like 'Other %') as other
           on other.n = i % 19`,
    );
    // Merges the index's pending entries, which would otherwise make the planner price it out.
    await t.database.execute('vacuum analyze customers');
    // A rare word, as a search for one person is: each of its trigrams narrows the index scan.
    const search = (from: 'customers' | 'customers_in_organization') =>
      sql`explain (format json) select id from ${sql.raw(from)}
           where organization_id = ${studioA.id} and status not in ('DELETED', 'PURGED')
             and search_text like '%qzx9wvkj%'`;
    // Few enough rows to read whole; the question is only which index conditions each may use.
    const explain = (db: Database, from: Parameters<typeof search>[0]) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf(tx as unknown as Database, search(from));
      });
    const withoutWall = await explain(t.db, 'customers');
    const behindWall = await asTenant(studioA.id, (tx) => explain(tx, 'customers_in_organization'));
    expect(JSON.stringify(withoutWall)).toMatch(/"Index Name":"customers_search_idx"/);
    expect(scans(behindWall)).toEqual(scans(withoutWall));
    expect(scans(behindWall)).toContainEqual({
      index: 'customers_search_idx',
      condition: expect.stringContaining('~~'),
    });
  });

  it('keeps a filter on an enum column an index condition behind the wall, as without it', async () => {
    // PostgreSQL does not mark enum equality leakproof; the start marks it (the tests' user is a superuser).
    const [marked] = await rowsOf<{ leakproof: boolean }>(
      t.db,
      sql`select bool_and(proleakproof) as leakproof from pg_proc
           where oid in ('pg_catalog.enum_eq(anyenum, anyenum)'::regprocedure,
                         'pg_catalog.enum_ne(anyenum, anyenum)'::regprocedure)`,
    );
    expect(marked?.leakproof).toBe(true);
    const explain = (db: Database) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf(
          tx as unknown as Database,
          sql`explain (format json) select id from event_messages
               where organization_id = ${studioA.id} and status = 'OUTBOX'`,
        );
      });
    const withoutWall = scans(await explain(t.db));
    const behindWall = scans(await asTenant(studioA.id, explain));
    expect(behindWall).toEqual(withoutWall);
    // Not a filter applied to every message of the organization: the status narrows the index scan.
    expect(behindWall).toContainEqual({
      index: 'event_messages_status_idx',
      condition: expect.stringContaining('status ='),
    });
  });

  it('leaves enum equality as it is, and says so, for a database user that may not mark it', async () => {
    const seen = await withOwnerClient(async (client) => {
      const isLeakproof = async () =>
        (
          await client.query<{ leakproof: boolean }>(
            `select proleakproof as leakproof from pg_proc
              where oid = 'pg_catalog.enum_eq(anyenum, anyenum)'::regprocedure`,
          )
        ).rows[0]?.leakproof;
      await client.query('begin');
      try {
        await client.query('alter function pg_catalog.enum_eq(anyenum, anyenum) not leakproof');
        // A user that is no superuser, as a managed PostgreSQL's is.
        await client.query(`set local role ${TENANT_ROLE}`);
        return { marked: await ensureLeakproofEnumEquality(client), after: await isLeakproof() };
      } finally {
        await client.query('rollback');
      }
    });
    expect(seen).toEqual({ marked: false, after: false });
  });
});

/** The scans of an EXPLAIN (FORMAT JSON) plan: which index, on what condition. */
function scans(plan: unknown): { index: string; condition: string }[] {
  const found: { index: string; condition: string }[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record['Index Name'] === 'string')
      found.push({ index: record['Index Name'], condition: String(record['Index Cond'] ?? '') });
    Object.values(record).forEach(visit);
  };
  visit(plan);
  return found;
}
