import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { addMember, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createStudio, enrollNewCustomer } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2027-03-15T12:00:00Z'));
  const studio = await createStudio(t, {
    schedule: { name: 'Reformer Manhã', startDate: '2027-01-04', endDate: '2027-12-29' },
    plan: { name: '=Mensal', priceCents: 24_990, features: ['Reformer', 'Mat'], weeklySessionsLimit: null },
  });
  ({ owner, organizationId } = studio);
  const { customerId, enrollmentId } = await enrollNewCustomer(
    t,
    studio,
    { startDate: '2027-02-01' },
    { firstName: 'Júlia', lastName: 'Exportação', idType: 'CPF', idNumber: '52998224725' },
  );
  const payment = await t.request('POST', `/organizations/${organizationId}/payments`, {
    token: owner.token,
    body: {
      customerId,
      enrollmentId,
      amountCents: 24_990,
      currency: 'BRL',
      paidOn: '2027-02-05',
      method: 'PIX',
      status: 'COMPLETED',
      notes: '@cmd|calc',
    },
  });
  expect(payment.status, payment.text).toBe(201);
});
afterAll(() => t.close());

const download = (kind: string, user = owner, language = 'pt_BR') =>
  t.request('GET', `/organizations/${organizationId}/exports/${kind}?language=${language}`, {
    token: user.token,
  });
const linesOf = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n');

describe('exports', () => {
  it('writes the plans in the language of the user, formula-safe, UTF-8 with a BOM', async () => {
    const response = await download('plans');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="plans.csv"');
    const raw = await t.app.request(`/api/organizations/${organizationId}/exports/plans`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = linesOf(response.text);
    expect(header).toBe(
      'Nome;Descrição;Preço;Moeda;Ciclo de cobrança;Aulas por semana;Serviços;Ativo;Cadastrado em',
    );
    expect(row).toMatch(
      /^'=Mensal;Duas aulas por semana;249,90;BRL;Mensal;;Reformer \| Mat;Sim;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    const english = linesOf((await download('plans', owner, 'en_US')).text);
    expect(english[1]).toMatch(
      /^'=Mensal,Duas aulas por semana,249.90,BRL,Monthly,,Reformer \| Mat,Yes,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
  });

  it('writes the enrollments with customer, plan, class, dates and status', async () => {
    const [header, row] = linesOf((await download('enrollments')).text);
    expect(header).toBe(
      'Cliente;CPF;Plano;Turma;Início;Término;Situação;Pausada desde;Volta em;Cancelada desde;Observações;Cadastrado em',
    );
    expect(row).toMatch(
      /^Júlia Exportação;529\.982\.247-25;'=Mensal;Reformer Manhã;01\/02\/2027;28\/02\/2027;Ativa?;/,
    );
  });

  it('writes the payments with amount, method and status, neutralizing a formula in the notes', async () => {
    const [header, row] = linesOf((await download('payments')).text);
    expect(header).toBe(
      'Data do pagamento;Cliente;CPF;Plano;Início do ciclo;Fim do ciclo;Valor;Moeda;Forma de pagamento;Situação;Observações;Cadastrado em',
    );
    expect(row).toMatch(
      /^05\/02\/2027;Júlia Exportação;529\.982\.247-25;'=Mensal;01\/02\/2027;28\/02\/2027;249,90;BRL;PIX;Pago;'@cmd\|calc;/,
    );
    // English dates are ISO: 02/05/2027 would be read as 2 May by anyone (or any import) reading dd/mm.
    const [, english] = linesOf((await download('payments', owner, 'en_US')).text);
    expect(english).toMatch(
      /^2027-02-05,Júlia Exportação,529\.982\.247-25,'=Mensal,2027-02-01,2027-02-28,249\.90,/,
    );
  });

  it('records each export in the audit log: who, when, from where', async () => {
    for (const kind of ['plans', 'enrollments', 'payments']) {
      const before = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, `${kind}.exported`)));
      await download(kind);
      const after = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, `${kind}.exported`)));
      expect(after.length).toBe(before.length + 1);
      expect(after.at(-1)).toMatchObject({
        actorId: owner.id,
        entityType: 'organization',
        entityId: organizationId,
      });
      expect(after.at(-1)?.ipAddress).toBeTruthy();
    }
  });

  it('needs EXPORT_CUSTOMERS and the right to see what is exported; payments also open to EXPORT_REPORTS', async () => {
    const manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
    const accountant = await addMember(t, owner, organizationId, { role: 'ORG_ACCOUNTANT' });
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const outsider = await createUser(t);
    await createOrganization(t, outsider);
    const statuses = async (user: TestUser) =>
      Promise.all(
        ['plans', 'enrollments', 'payments'].map(async (kind) => (await download(kind, user)).status),
      );
    expect(await statuses(manager)).toEqual([200, 403, 403]);
    expect(await statuses(accountant)).toEqual([403, 403, 200]);
    expect(await statuses(viewer)).toEqual([403, 403, 403]);
    expect(await statuses(outsider)).toEqual([404, 404, 404]);
    expect((await download('plans', owner, 'xx')).status).toBe(400);
  });

  it('answers every export, and its refusals, with Cache-Control: no-store (issue #27)', async () => {
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    for (const kind of ['plans', 'enrollments', 'payments']) {
      for (const answer of [await download(kind), await download(kind, viewer)]) {
        expect(answer.headers.get('cache-control'), `${kind} ${answer.status}`).toBe('no-store');
      }
    }
  });
});
