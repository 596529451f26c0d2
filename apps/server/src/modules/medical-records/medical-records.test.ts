import { CREATABLE_RECORD_TYPES } from '@reformer/domain/medical-records';
import { MEDICAL_RECORD_EXAMPLES } from '@reformer/domain/medical-records-examples';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys, medicalRecords } from '../../db/schema/index.ts';
import {
  createCustomer,
  createMedicalRecord,
  createOrganization,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { addCustomer, addMembers, createStaffedOrganization } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let medicalProfessional: TestUser;
let outsider: TestUser;
let organizationId: string;
let customerId: string;
let outsiderOrganizationId: string;
let outsiderCustomerId: string;
let outsiderRecordId: string;
/** Members who may view and manage records, and those who may not (spec §6). */
let allowed: Record<string, TestUser>;
let denied: Record<string, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  // Establishment roles are held at its Centro, where its instructor teaches.
  const studio = await createStaffedOrganization(t, {
    members: {
      medicalProfessional: 'ORG_MEDICAL_PROFESSIONAL',
      administrator: 'ORG_ADMINISTRATOR',
      manager: 'ORG_MANAGER',
      medicalStaff: 'EST_MEDICAL_STAFF',
      establishmentManager: 'EST_ESTABLISHMENT_MANAGER',
    },
  });
  ({ owner, organizationId } = studio);
  ({ medicalProfessional } = studio.members);
  allowed = { ...studio.members, instructor: studio.instructor };
  denied = await addMembers(t, studio, {
    receptionist: 'EST_RECEPTIONIST',
    assistant: 'EST_ASSISTANT',
    establishmentViewer: 'EST_VIEWER',
    viewer: 'ORG_VIEWER',
    accountant: 'ORG_ACCOUNTANT',
  });
  customerId = (await createCustomer(t, owner, organizationId, { firstName: 'Helena', lastName: 'Prado' }))
    .id;
  outsider = await createUser(t);
  outsiderOrganizationId = (await createOrganization(t, outsider)).id;
  outsiderCustomerId = (
    await createCustomer(t, outsider, outsiderOrganizationId, { firstName: 'Outra', lastName: 'Pessoa' })
  ).id;
  outsiderRecordId = (
    await createMedicalRecord(
      t,
      outsider,
      outsiderOrganizationId,
      outsiderCustomerId,
      MEDICAL_RECORD_EXAMPLES.ANAMNESIS,
    )
  ).id;
});
afterAll(() => t.close());

const recordsPath = (customer = customerId, suffix = '') =>
  `/organizations/${organizationId}/customers/${customer}/medical-records${suffix}`;

async function newCustomer(firstName = 'Paciente') {
  return (await addCustomer(t, { owner, organizationId }, { firstName })).id;
}

async function recordCount() {
  const [row] = await t.db.select({ value: count() }).from(medicalRecords);
  return row?.value ?? 0;
}

async function trailOf(customer: string) {
  return t.db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      entityType: auditLog.entityType,
      ipAddress: auditLog.ipAddress,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'medical_record'), eq(auditLog.entityId, customer)))
    .orderBy(asc(auditLog.id));
}

describe('records of each type', () => {
  it.each(CREATABLE_RECORD_TYPES)('%s: create, read, list, update and delete', async (type) => {
    const example = MEDICAL_RECORD_EXAMPLES[type];
    const customer = await newCustomer();
    const created = await t.request('POST', recordsPath(customer), {
      token: medicalProfessional.token,
      body: example,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({
      type,
      customerId: customer,
      recordDate: example.recordDate,
      title: example.title,
      establishmentId: null,
      createdById: medicalProfessional.id,
      createdByName: 'Ana Souza',
    });
    const expectedDocument =
      type === 'PHYSICAL_EVALUATION'
        ? {
            ...example.document,
            vitals: { ...MEDICAL_RECORD_EXAMPLES.PHYSICAL_EVALUATION.document.vitals, bmi: 25.7 },
          }
        : example.document;
    expect(created.body.document).toEqual(expectedDocument);
    const id = created.body.id as string;

    const read = await t.request('GET', recordsPath(customer, `/${id}`), { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body).toEqual(created.body);

    const list = await t.request('GET', recordsPath(customer), { token: owner.token });
    expect(list.body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.body.items).toEqual([created.body]);

    const updated = await t.request('PUT', recordsPath(customer, `/${id}`), {
      token: allowed.instructor?.token,
      body: { ...example, title: 'Revisado', recordDate: '2027-02-01' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      title: 'Revisado',
      recordDate: '2027-02-01',
      createdByName: 'Ana Souza',
    });
    expect(updated.body.updatedAt >= created.body.updatedAt).toBe(true);

    const deleted = await t.request('DELETE', recordsPath(customer, `/${id}`), { token: owner.token });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('cache-control')).toBe('no-store');
    const gone = await t.request('GET', recordsPath(customer, `/${id}`), { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('MEDICAL_RECORD_NOT_FOUND');
    expect(gone.headers.get('cache-control')).toBe('no-store');
  });

  it('saves an edited document, the BMI computed again', async () => {
    const example = MEDICAL_RECORD_EXAMPLES.PHYSICAL_EVALUATION;
    const record = await createMedicalRecord(t, owner, organizationId, customerId, example);
    const vitals = { ...example.document.vitals, weightKg: 80 };
    const response = await t.request('PUT', recordsPath(customerId, `/${record.id}`), {
      token: medicalProfessional.token,
      body: { ...example, document: { vitals } },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.document.vitals).toEqual({ ...vitals, bmi: 28.3 });
    // Sections left out of the edit are saved empty: the form always sends the whole document.
    expect(response.body.document.balance).toEqual({
      singleLegStanceLeftSeconds: null,
      singleLegStanceRightSeconds: null,
      findings: [],
      notes: null,
    });
  });

  it('keeps the type a record was created with', async () => {
    const record = await createMedicalRecord(
      t,
      owner,
      organizationId,
      customerId,
      MEDICAL_RECORD_EXAMPLES.ANAMNESIS,
    );
    const response = await t.request('PUT', recordsPath(customerId, `/${record.id}`), {
      token: owner.token,
      body: MEDICAL_RECORD_EXAMPLES.TREATMENT,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('MEDICAL_RECORD_TYPE_CHANGED');
  });
});

describe('legacy record types', () => {
  it('lists a stored evaluation as it is, and refuses to create or change one (409)', async () => {
    const customer = await newCustomer('Antiga');
    const legacyId = uuidv7();
    await t.db.execute(sql`
      insert into medical_records (organization_id, id, customer_id, type, record_date, title, document)
      values (${organizationId}, ${legacyId}, ${customer}, 'EVALUATION', '2021-06-01', 'Avaliação antiga',
              ${JSON.stringify({ texto: 'formato antigo' })}::jsonb)`);
    const list = await t.request('GET', recordsPath(customer), { token: medicalProfessional.token });
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: legacyId, type: 'EVALUATION', document: { texto: 'formato antigo' } }),
    ]);
    const read = await t.request('GET', recordsPath(customer, `/${legacyId}`), { token: owner.token });
    expect(read.body).toMatchObject({ type: 'EVALUATION', createdById: null, createdByName: null });

    const before = await recordCount();
    for (const type of ['EVALUATION', 'ASSESSMENT', 'PROGRESS']) {
      const body = { ...MEDICAL_RECORD_EXAMPLES.ANAMNESIS, type };
      const created = await t.request('POST', recordsPath(customer), { token: owner.token, body });
      expect(created.status, type).toBe(409);
      expect(created.body.error.code).toBe('MEDICAL_RECORD_TYPE_NOT_SUPPORTED');
      const updated = await t.request('PUT', recordsPath(customer, `/${legacyId}`), {
        token: owner.token,
        body,
      });
      expect(updated.body.error.code).toBe('MEDICAL_RECORD_TYPE_NOT_SUPPORTED');
    }
    const rewritten = await t.request('PUT', recordsPath(customer, `/${legacyId}`), {
      token: owner.token,
      body: MEDICAL_RECORD_EXAMPLES.ANAMNESIS,
    });
    expect(rewritten.status).toBe(409);
    expect(rewritten.body.error.code).toBe('MEDICAL_RECORD_TYPE_NOT_SUPPORTED');
    expect(await recordCount()).toBe(before);
    expect(
      (await t.request('DELETE', recordsPath(customer, `/${legacyId}`), { token: owner.token })).status,
    ).toBe(204);
  });
});

describe('permissions', () => {
  it('lets the medical professional and medical, instructing and managing staff view and manage; only the owner deletes', async () => {
    for (const [name, member] of Object.entries(allowed)) {
      const record = await createMedicalRecord(
        t,
        member,
        organizationId,
        customerId,
        MEDICAL_RECORD_EXAMPLES.OTHER,
      );
      const path = recordsPath(customerId, `/${record.id}`);
      expect((await t.request('GET', path, { token: member.token })).status, name).toBe(200);
      expect((await t.request('GET', recordsPath(), { token: member.token })).status, name).toBe(200);
      expect(
        (await t.request('GET', `/organizations/${organizationId}/medical-records`, { token: member.token }))
          .status,
        name,
      ).toBe(200);
      const updated = await t.request('PUT', path, {
        token: member.token,
        body: MEDICAL_RECORD_EXAMPLES.OTHER,
      });
      expect(updated.status, name).toBe(200);
      expect((await t.request('DELETE', path, { token: member.token })).status, name).toBe(403);
      expect(
        (await t.request('GET', recordsPath(customerId, '/audit'), { token: member.token })).status,
        name,
      ).toBe(403);
      expect((await t.request('DELETE', path, { token: owner.token })).status, name).toBe(204);
    }
  });

  it('keeps receptionists, assistants, viewers and accountants out (403) with nothing written', async () => {
    const record = await createMedicalRecord(
      t,
      owner,
      organizationId,
      customerId,
      MEDICAL_RECORD_EXAMPLES.OTHER,
    );
    const path = recordsPath(customerId, `/${record.id}`);
    const before = await recordCount();
    for (const [name, member] of Object.entries(denied)) {
      const body = MEDICAL_RECORD_EXAMPLES.OTHER;
      for (const [method, target, payload] of [
        ['GET', recordsPath(), undefined],
        ['GET', `/organizations/${organizationId}/medical-records`, undefined],
        ['POST', recordsPath(), body],
        ['GET', path, undefined],
        ['PUT', path, body],
        ['DELETE', path, undefined],
        ['GET', recordsPath(customerId, '/audit'), undefined],
      ] as const) {
        const response = await t.request(method, target, { token: member.token, body: payload });
        expect(response.status, `${name} ${method} ${target}`).toBe(403);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    }
    expect(await recordCount()).toBe(before);
    const untouched = await t.request('GET', path, { token: owner.token });
    expect(untouched.body.title).toBe(MEDICAL_RECORD_EXAMPLES.OTHER.title);
  });

  it("answers 404 to outsiders, and to another organization's real customer and record ids", async () => {
    const record = await createMedicalRecord(
      t,
      owner,
      organizationId,
      customerId,
      MEDICAL_RECORD_EXAMPLES.OTHER,
    );
    const body = MEDICAL_RECORD_EXAMPLES.OTHER;
    for (const [method, target, payload] of [
      ['GET', `/organizations/${organizationId}/medical-records`, undefined],
      ['GET', recordsPath(), undefined],
      ['POST', recordsPath(), body],
      ['GET', recordsPath(customerId, '/audit'), undefined],
      ['GET', recordsPath(customerId, `/${record.id}`), undefined],
      ['PUT', recordsPath(customerId, `/${record.id}`), body],
      ['DELETE', recordsPath(customerId, `/${record.id}`), undefined],
    ] as const) {
      const response = await t.request(method, target, { token: outsider.token, body: payload });
      expect(response.status, `${method} ${target}`).toBe(404);
      expect(response.body.error.code).toBe('ORGANIZATION_NOT_FOUND');
    }
    // The other organization's ids, under ours: as if they did not exist.
    const theirs = recordsPath(outsiderCustomerId, `/${outsiderRecordId}`);
    for (const [method, target, payload, code] of [
      ['GET', recordsPath(outsiderCustomerId), undefined, 'CUSTOMER_NOT_FOUND'],
      ['POST', recordsPath(outsiderCustomerId), body, 'CUSTOMER_NOT_FOUND'],
      ['GET', recordsPath(outsiderCustomerId, '/audit'), undefined, 'CUSTOMER_NOT_FOUND'],
      ['GET', theirs, undefined, 'MEDICAL_RECORD_NOT_FOUND'],
      ['PUT', theirs, body, 'MEDICAL_RECORD_NOT_FOUND'],
      ['DELETE', theirs, undefined, 'MEDICAL_RECORD_NOT_FOUND'],
      ['GET', recordsPath(customerId, `/${outsiderRecordId}`), undefined, 'MEDICAL_RECORD_NOT_FOUND'],
      ['GET', recordsPath(customerId, '/not-a-uuid'), undefined, 'MEDICAL_RECORD_NOT_FOUND'],
    ] as const) {
      const response = await t.request(method, target, { token: owner.token, body: payload });
      expect(response.status, `${method} ${target}`).toBe(404);
      expect(response.body.error.code).toBe(code);
    }
    const filtered = await t.request(
      'GET',
      `/organizations/${organizationId}/medical-records?customerId=${outsiderCustomerId}`,
      {
        token: owner.token,
      },
    );
    expect(filtered.body).toMatchObject({ items: [], total: 0 });
    // A record is found under its own customer only.
    const other = await newCustomer();
    const elsewhere = await t.request('GET', recordsPath(other, `/${record.id}`), { token: owner.token });
    expect(elsewhere.status).toBe(404);
    const still = await t.request(
      'GET',
      `/organizations/${outsiderOrganizationId}/customers/${outsiderCustomerId}/medical-records/${outsiderRecordId}`,
      {
        token: outsider.token,
      },
    );
    expect(still.status).toBe(200);
  });
});

describe('the audit trail', () => {
  it('has a row for every read and write, with who and from where, never the content', async () => {
    const customer = await newCustomer('Auditada');
    const example = MEDICAL_RECORD_EXAMPLES.ANAMNESIS;
    const record = await createMedicalRecord(t, medicalProfessional, organizationId, customer, example);
    const path = recordsPath(customer, `/${record.id}`);
    await t.request('GET', path, { token: medicalProfessional.token });
    await t.request('GET', recordsPath(customer), { token: medicalProfessional.token });
    await t.request('GET', `/organizations/${organizationId}/medical-records?customerId=${customer}`, {
      token: owner.token,
    });
    await t.request('PUT', path, {
      token: medicalProfessional.token,
      body: { ...example, title: 'Anamnese revista' },
    });
    await t.request('DELETE', path, { token: owner.token });
    const trail = await trailOf(customer);
    const details = { recordIds: [record.id] };
    expect(trail).toEqual([
      {
        action: 'medical_record.created',
        actorId: medicalProfessional.id,
        entityType: 'medical_record',
        ipAddress: '127.0.0.1',
        details,
      },
      {
        action: 'medical_record.viewed',
        actorId: medicalProfessional.id,
        entityType: 'medical_record',
        ipAddress: '127.0.0.1',
        details,
      },
      {
        action: 'medical_record.listed',
        actorId: medicalProfessional.id,
        entityType: 'medical_record',
        ipAddress: '127.0.0.1',
        details,
      },
      {
        action: 'medical_record.listed',
        actorId: owner.id,
        entityType: 'medical_record',
        ipAddress: '127.0.0.1',
        details,
      },
      {
        action: 'medical_record.updated',
        actorId: medicalProfessional.id,
        entityType: 'medical_record',
        ipAddress: '127.0.0.1',
        details,
      },
      {
        action: 'medical_record.deleted',
        actorId: owner.id,
        entityType: 'medical_record',
        ipAddress: '127.0.0.1',
        details,
      },
    ]);
    const everything = JSON.stringify(await t.db.select().from(auditLog));
    for (const content of [example.title, 'Anamnese revista', 'LOWER_BACK', 'Hérnia', 'ANAMNESIS']) {
      expect(everything).not.toContain(content);
    }

    const shown = await t.request('GET', recordsPath(customer, '/audit?limit=2'), { token: owner.token });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.body).toMatchObject({ total: 6, page: 1, limit: 2 });
    expect(shown.body.items).toEqual([
      expect.objectContaining({
        action: 'DELETED',
        actorId: owner.id,
        actorName: 'Ana Souza',
        ipAddress: '127.0.0.1',
        recordIds: [record.id],
      }),
      expect.objectContaining({ action: 'UPDATED', actorId: medicalProfessional.id, recordIds: [record.id] }),
    ]);
    expect(Object.keys(shown.body.items[0]).sort()).toEqual([
      'action',
      'actorId',
      'actorName',
      'at',
      'id',
      'ipAddress',
      'recordIds',
    ]);
  });

  it('writes nothing for an empty list', async () => {
    const customer = await newCustomer('Vazia');
    expect((await t.request('GET', recordsPath(customer), { token: owner.token })).body.total).toBe(0);
    expect(await trailOf(customer)).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, without echoing the value, and writes nothing', async () => {
    const before = await recordCount();
    const auditBefore = (await t.db.select({ value: count() }).from(auditLog))[0]?.value;
    const physical = MEDICAL_RECORD_EXAMPLES.PHYSICAL_EVALUATION;
    for (const [body, path, key] of [
      [
        { ...physical, document: { ...physical.document, vitals: { heightCm: 987.654 } } },
        'document.vitals.heightCm',
        'validation.outOfRange',
      ],
      [
        { ...physical, document: { specialTests: { positiveTests: ['SECRET_DIAGNOSIS_X'] } } },
        'document.specialTests.positiveTests.0',
        'validation.option',
      ],
      [
        { ...physical, document: { balance: { secretFieldName: 'sigilo-clinico' } } },
        'document.balance',
        'validation.unknownField',
      ],
      [
        { ...physical, document: { vitals: { weightKg: 'sigilo-clinico' } } },
        'document.vitals.weightKg',
        'validation.number',
      ],
      [{ ...physical, type: 'DIAGNOSIS_SECRETA' }, 'type', 'validation.option'],
      [{ ...physical, recordDate: '2027-02-30' }, 'recordDate', 'validation.date'],
      [{ ...physical, title: '' }, 'title', 'validation.required'],
    ] as const) {
      const response = await t.request('POST', recordsPath(), { token: owner.token, body });
      expect(response.status, path).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      // lib/errors.ts reports any wrong type as 'validation.required' (zod 4 leaves `input` out of its issues).
      const expected = key === 'validation.number' ? { path } : { path, key };
      expect(response.body.error.details, path).toEqual([expect.objectContaining(expected)]);
      expect(response.headers.get('cache-control')).toBe('no-store');
      for (const secret of [
        '987.654',
        'SECRET_DIAGNOSIS_X',
        'secretFieldName',
        'sigilo-clinico',
        'DIAGNOSIS_SECRETA',
      ]) {
        expect(response.text).not.toContain(secret);
      }
    }
    const broken = await t.request('POST', recordsPath(), {
      token: owner.token,
      body: '{"type": "ANAMNESIS", ',
    });
    expect(broken.status).toBe(400);
    expect(await recordCount()).toBe(before);
    expect((await t.db.select({ value: count() }).from(auditLog))[0]?.value).toBe(auditBefore);
  });
});

describe('the organization-wide list', () => {
  it('filters by customer, type and period, pages, and carries no documents', async () => {
    const first = await newCustomer('Lista');
    const second = await newCustomer('Lista');
    for (const [customer, example, recordDate] of [
      [first, MEDICAL_RECORD_EXAMPLES.ANAMNESIS, '2030-01-05'],
      [first, MEDICAL_RECORD_EXAMPLES.PERIODIC_EVALUATION, '2030-02-10'],
      [second, MEDICAL_RECORD_EXAMPLES.PERIODIC_EVALUATION, '2030-02-20'],
    ] as const) {
      await createMedicalRecord(t, owner, organizationId, customer, { ...example, recordDate });
    }
    const list = (query: string) =>
      t.request(
        'GET',
        `/organizations/${organizationId}/medical-records?from=2030-01-01&to=2030-12-31&${query}`,
        {
          token: medicalProfessional.token,
        },
      );
    const all = await list('');
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(all.body.items.map((item: { recordDate: string }) => item.recordDate)).toEqual([
      '2030-02-20',
      '2030-02-10',
      '2030-01-05',
    ]);
    expect(all.body.items[0]).not.toHaveProperty('document');
    expect(all.body.items[0]).toMatchObject({
      customerId: second,
      type: 'PERIODIC_EVALUATION',
      establishmentId: null,
    });
    expect(all.body.items[0].customerName).toMatch(/^Lista /);
    expect((await list(`customerId=${first}`)).body.total).toBe(2);
    expect((await list('type=PERIODIC_EVALUATION')).body.total).toBe(2);
    const february = await t.request(
      'GET',
      `/organizations/${organizationId}/medical-records?type=PERIODIC_EVALUATION&from=2030-02-01&to=2030-02-15`,
      { token: owner.token },
    );
    expect(february.body.items.map((item: { customerId: string }) => item.customerId)).toEqual([first]);
    expect((await list('limit=1&page=2')).body.items[0].recordDate).toBe('2030-02-10');
    for (const bad of ['type=NOTE', 'customerId=nope', 'from=2030-13-01', 'page=0', 'limit=101']) {
      expect((await list(bad)).status, bad).toBe(400);
    }
    const backwards = await t.request(
      'GET',
      `/organizations/${organizationId}/medical-records?from=2030-02-01&to=2030-01-01`,
      {
        token: owner.token,
      },
    );
    expect(backwards.status).toBe(400);
  });
});

describe("a customer's deletion and purge", () => {
  it('keeps the records of a deleted customer readable, and takes no new ones', async () => {
    const customer = await newCustomer('Excluída');
    const record = await createMedicalRecord(
      t,
      owner,
      organizationId,
      customer,
      MEDICAL_RECORD_EXAMPLES.TREATMENT,
    );
    const removed = await t.request('DELETE', `/organizations/${organizationId}/customers/${customer}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expect((await t.request('GET', recordsPath(customer), { token: owner.token })).body.total).toBe(1);
    expect(
      (await t.request('GET', recordsPath(customer, `/${record.id}`), { token: owner.token })).status,
    ).toBe(200);
    const added = await t.request('POST', recordsPath(customer), {
      token: owner.token,
      body: MEDICAL_RECORD_EXAMPLES.OTHER,
    });
    expect(added.status).toBe(409);
    expect(added.body.error.code).toBe('CUSTOMER_PURGED');
    const changed = await t.request('PUT', recordsPath(customer, `/${record.id}`), {
      token: owner.token,
      body: MEDICAL_RECORD_EXAMPLES.TREATMENT,
    });
    expect(changed.body.error.code).toBe('CUSTOMER_PURGED');
  });

  it("deletes a purged customer's records and keeps their audit trail", async () => {
    const customer = await newCustomer('Apagada');
    const kept = await createMedicalRecord(
      t,
      owner,
      organizationId,
      customerId,
      MEDICAL_RECORD_EXAMPLES.OTHER,
    );
    const ids = [
      (await createMedicalRecord(t, owner, organizationId, customer, MEDICAL_RECORD_EXAMPLES.ANAMNESIS)).id,
      (await createMedicalRecord(t, owner, organizationId, customer, MEDICAL_RECORD_EXAMPLES.TREATMENT)).id,
    ];
    const purged = await t.request('POST', `/organizations/${organizationId}/customers/${customer}/purge`, {
      token: allowed.manager?.token,
    });
    expect(purged.status, purged.text).toBe(204);
    const left = await t.db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(eq(medicalRecords.customerId, customer));
    expect(left).toEqual([]);
    expect(
      (await t.request('GET', recordsPath(customerId, `/${kept.id}`), { token: owner.token })).status,
    ).toBe(200);
    const trail = await trailOf(customer);
    expect(trail.map((row) => row.action)).toEqual([
      'medical_record.created',
      'medical_record.created',
      'medical_record.purged',
    ]);
    const purgeDetails = trail[2]?.details as { recordIds: string[] } | undefined;
    expect(purgeDetails?.recordIds.sort()).toEqual(ids.sort());
    const shown = await t.request('GET', recordsPath(customer, '/audit'), { token: owner.token });
    expect(shown.body.items[0]).toMatchObject({ action: 'PURGED', actorId: allowed.manager?.id });
    expect((await t.request('GET', recordsPath(customer), { token: owner.token })).body.total).toBe(0);
  });

  it('leaves no record behind when a create and an edit race the purge (10 trials)', async () => {
    for (let trial = 0; trial < 10; trial += 1) {
      const customer = await newCustomer('Corrida');
      const record = await createMedicalRecord(
        t,
        owner,
        organizationId,
        customer,
        MEDICAL_RECORD_EXAMPLES.ANAMNESIS,
      );
      const create = () =>
        t.request('POST', recordsPath(customer), { token: owner.token, body: MEDICAL_RECORD_EXAMPLES.OTHER });
      const edit = () =>
        t.request('PUT', recordsPath(customer, `/${record.id}`), {
          token: owner.token,
          body: MEDICAL_RECORD_EXAMPLES.ANAMNESIS,
        });
      const purge = () =>
        t.request('POST', `/organizations/${organizationId}/customers/${customer}/purge`, {
          token: owner.token,
        });
      const calls = trial % 2 ? [purge, create, edit] : [create, edit, purge];
      const answers = await Promise.all(calls.map((call) => call()));
      // Before the purge they succeed; after it the record is gone (404) and the customer closed (409).
      for (const answer of answers) expect([200, 201, 204, 404, 409]).toContain(answer.status);
      const left = await t.db.select().from(medicalRecords).where(eq(medicalRecords.customerId, customer));
      expect(left).toEqual([]);
    }
  });
});

describe('a double submit', () => {
  it('writes one record and keeps only its id in the idempotency table, never the content', async () => {
    const patient = await newCustomer();
    const before = await recordCount();
    const send = () =>
      t.request('POST', recordsPath(patient), {
        token: owner.token,
        body: MEDICAL_RECORD_EXAMPLES.ANAMNESIS,
        headers: { 'idempotency-key': `medical-${patient}` },
      });
    const first = await send();
    expect(first.status, first.text).toBe(201);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual({ id: first.body.id });
    expect(replay.headers.get('cache-control')).toContain('no-store');
    expect(await recordCount()).toBe(before + 1);
    const kept = await t.db.select({ body: idempotencyKeys.body }).from(idempotencyKeys);
    const stored = kept.map((row) => row.body ?? '').join('\n');
    expect(stored).toContain(first.body.id);
    expect(stored).not.toContain(MEDICAL_RECORD_EXAMPLES.ANAMNESIS.title);
  });
});
