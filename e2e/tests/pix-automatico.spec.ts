import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { expectAccessible } from '../support/axe.ts';
import { emulatorCa } from '../support/emulator-ca.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';
import { expectNoSideScroll, toast } from '../support/page-checks.ts';

/**
 * Pix Automático (issue #31, decision 048), in Portuguese: the owner connects the local standard PSP with the
 * company's CNPJ as receiver, starts Pix Automático on a subscription and sees its QR; the "payer" authorizes it
 * in their bank (the local PSP's sandbox), which pays the first cycle — the open page turns authorized and the
 * cycle paid by itself; then the payer cancels in their bank, and the enrollment and the dashboard say so.
 *
 * The setup is in functions (`studioWithSubscription`, `connectPspWithCnpjReceiver`, `startPixAutomatico`,
 * `approveInBank`) so the journeys of the cycles the job charges later ("next cycle charged by the job and
 * paid", "a failed debit retried then paid") can be appended as their own `test.describe` once that job lands.
 */

let emulator: PixEmulator;

/**
 * A local PSP of its own for each journey: its webhook registrations are one studio's (a second studio's URL is
 * "another system's" to the first, which never replaces it), and the journeys may share a worker.
 */
function withOwnPsp() {
  test.beforeAll(async () => {
    emulator = await startPixEmulator({ ca: emulatorCa(), refundSettleMs: null });
  });
  test.afterAll(() => emulator?.close());
}

type Studio = { organizationId: string; customerId: string; enrollmentId: string };

/**
 * A studio in Portuguese with one customer (with a CPF, who pays) on a monthly plan from `startInDays` (today
 * by default; 25 days ago puts the next cycle 3 to 6 days away, inside Pix Automático's charge window).
 */
async function studioWithSubscription(
  page: Page,
  startInDays = 0,
): Promise<Studio & { planId: string; scheduleId: string }> {
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Ana', lastName: 'Automática' },
    `Estúdio ${randomUUID().slice(0, 8)}`,
  );
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const customer = await createCustomerViaApi(page, organizationId, 'Rita', 'Recorrente', {
    idType: 'CPF',
    idNumber: '529.982.247-25',
    email: `rita.${randomUUID().slice(0, 8)}@example.com`,
    phone: '(11) 98765-4321',
  });
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Manhã', {
    startDate: localDate(Math.min(-3, startInDays)),
    endDate: localDate(120),
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Automático');
  const enrollment = await callApi(page, `/organizations/${organizationId}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(startInDays),
    // Until the schedule ends: an enrollment without an end was one cycle long here, with no next cycle to debit.
    endDate: localDate(120),
  });
  return {
    organizationId,
    customerId: customer.id,
    enrollmentId: enrollment.id,
    planId: plan.id,
    scheduleId: schedule.id,
  };
}

/** Settings → Pagamentos: the local PSP, with the company's CNPJ and account as receiver, and its notices. */
async function connectPspWithCnpjReceiver(page: Page, organizationId: string) {
  await page.goto(`/app/org/${organizationId}/settings?tab=payments`);
  const psp = page.getByRole('region', { name: 'Cobranças PIX (PSP)' });
  await psp.getByLabel('PSP', { exact: true }).selectOption({ label: 'Outro (personalizado)' });
  await psp.getByLabel('Endereço da API (URL base)').fill(emulator.baseUrl);
  await psp.getByLabel('Endereço do token').fill(emulator.tokenUrl);
  await psp.getByLabel('Client ID').fill(emulator.client.clientId);
  await psp.getByLabel('Client secret').fill(emulator.client.clientSecret);
  const { pfx, passphrase } = emulator.client.certificate;
  await psp
    .getByLabel('Certificado', { exact: true })
    .setInputFiles({ name: 'estudio.p12', mimeType: 'application/x-pkcs12', buffer: pfx });
  await psp.getByLabel(/^Senha do certificado/).fill(passphrase);
  await psp.getByLabel('Chave que recebe as cobranças').fill(emulator.receiver.chave);
  await psp.getByLabel('Receber por Pix Automático').check();
  await expect(psp.getByText(/Só empresa \(CNPJ\) pode receber por ele/)).toBeVisible();
  await psp.getByLabel('CNPJ da empresa').fill(emulator.receiver.cnpj);
  await psp.getByLabel('Agência (opcional)').fill(emulator.account.agencia ?? '');
  await psp.getByLabel('Número da conta').fill(emulator.account.conta);
  await psp.getByRole('button', { name: 'Conectar' }).click();
  await expect(toast(page, 'Conexão com o PSP salva.')).toBeVisible();
  await psp.getByRole('button', { name: 'Cadastrar avisos' }).click();
  await expect(psp.getByText('O seu PSP avisa o Reformer de cada Pix assim que ele cai.')).toBeVisible();
}

/** The enrollment's page: Pix Automático started with the plan's price; its QR shown. Answers the PSP's idRec. */
async function startPixAutomatico(page: Page, studio: Studio): Promise<string> {
  await page.goto(`/app/org/${studio.organizationId}/enrollments/${studio.enrollmentId}/details`);
  const panel = page.getByRole('region', { name: 'Pix Automático' });
  await expect(panel.getByLabel('Fixo: o preço do plano a cada ciclo')).toBeChecked();
  await panel.getByLabel('Tentar de novo um débito que falhar (até 3 vezes em 7 dias)').check();
  await panel.getByRole('button', { name: 'Iniciar Pix Automático' }).click();
  await expect(toast(page, 'Pix Automático iniciado: envie o QR code ao aluno.')).toBeVisible();
  await expect(panel.getByRole('status').getByText('Aguardando autorização do aluno')).toBeVisible();
  await expect(panel.getByText('R$ 249,00 a cada ciclo')).toBeVisible();
  await expect(
    panel.getByRole('img', { name: 'QR code que autoriza o Pix Automático e paga R$ 249,00' }),
  ).toBeVisible();
  await expect(panel.getByLabel('PIX copia e cola')).toHaveValue(/^000201/);
  const { recurrence } = await callApi<{ recurrence: { idRec: string } }>(
    page,
    `/organizations/${studio.organizationId}/enrollments/${studio.enrollmentId}/pix-automatico`,
    {},
    'GET',
  );
  return recurrence.idRec;
}

/** The customer's own page (the portal) on their phone, in Portuguese, at its payments. */
async function openPortalPayments(browser: Browser, page: Page, studio: Studio) {
  const link = await callApi<{ url: string }>(
    page,
    `/organizations/${studio.organizationId}/customers/${studio.customerId}/class-link`,
    {},
  );
  const url = new URL(link.url);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const portal = await phone.newPage();
  await portal.goto(`${url.pathname}${url.hash}`);
  await portal
    .getByRole('navigation', { name: 'Seções da sua página' })
    .getByRole('link', { name: 'Pagamentos' })
    .click();
  return portal.getByRole('region', { name: 'Pagamentos' });
}

/** The payer reads the QR in their bank app: the recurrence is authorized and the first cycle paid. */
function approveInBank(idRec: string) {
  emulator.sandbox.approveRecurrence(idRec);
}

test.describe('Pix Automático: autorização pelo QR, primeira mensalidade paga e cancelamento pelo aluno', () => {
  withOwnPsp();
  test('the studio starts it, the payer authorizes and later cancels in their bank; staff are told', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const studio = await studioWithSubscription(page);
    // Before a PSP with a CNPJ receiver, the enrollment says why Pix Automático cannot start, and where to fix it.
    await page.goto(`/app/org/${studio.organizationId}/enrollments/${studio.enrollmentId}/details`);
    const unavailable = page.getByRole('region', { name: 'Pix Automático' });
    await expect(
      unavailable.getByText(/precisa do seu PSP conectado em Configurações → Pagamentos/),
    ).toBeVisible();
    await expect(unavailable.getByRole('button', { name: 'Iniciar Pix Automático' })).toHaveCount(0);
    await expect(unavailable.getByRole('link', { name: 'Abrir configurações' })).toBeVisible();
    await connectPspWithCnpjReceiver(page, studio.organizationId);

    // At the front desk's phone from here on.
    await page.setViewportSize({ width: 390, height: 844 });
    const idRec = await startPixAutomatico(page, studio);
    const panel = page.getByRole('region', { name: 'Pix Automático' });
    await expectNoSideScroll(page);
    await expectAccessible(page, 'the enrollment’s Pix Automático waiting for the customer');

    // Sent to the customer: their portal link by e-mail and as a WhatsApp message that names the authorization.
    await panel.getByRole('button', { name: 'Enviar ao cliente' }).click();
    await expect(toast(page, /Link criado/)).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Enviar pelo WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent('autorização do Pix Automático')),
    );

    // The customer's own page shows the same authorization: authorize once, every cycle charged by itself.
    const portalPayments = await openPortalPayments(browser, page, studio);
    const authorization = portalPayments.getByRole('list', { name: 'Pix Automático' });
    await expect(authorization.getByText('Aguardando sua autorização')).toBeVisible();
    await expect(
      authorization.getByText(/Autorize uma vez e cada mensalidade de Mensal Automático/),
    ).toBeVisible();
    await expect(
      authorization.getByRole('img', { name: 'QR code que autoriza o Pix Automático e paga R$ 249,00' }),
    ).toBeVisible();
    await expectNoSideScroll(portalPayments.page());
    await expectAccessible(portalPayments.page(), 'the portal’s Pix Automático authorization');

    // Authorized in the bank app: the open page turns authorized by itself, and the first cycle is paid.
    approveInBank(idRec);
    await expect(panel.getByRole('status').getByText('Autorizado', { exact: true })).toBeVisible();
    await expect(panel.getByText(/Autorizado: cada mensalidade é debitada sozinha/)).toBeVisible();
    await expect(panel.getByLabel('PIX copia e cola')).toHaveCount(0);
    await expect(authorization.getByText(/Pix Automático autorizado para Mensal Automático/)).toBeVisible();
    await expect(authorization.getByLabel('PIX copia e cola')).toHaveCount(0);
    // The first cycle's Pix has its own webhook, which may still be on its way when the authorization shows;
    // the customer's payments are read once, when the page opens.
    await emulator.sandbox.webhooksIdle();
    expect(emulator.sandbox.deliveries().findLast((delivery) => delivery.kind === 'pix')?.outcome).toBe(
      'delivered',
    );
    await page.goto(`/app/org/${studio.organizationId}/customers/${studio.customerId}/details?tab=payments`);
    const cycle = page.getByRole('listitem', { name: /^Ciclo de cobrança de / }).first();
    await expect(cycle.getByText('R$ 249,00 de R$ 249,00')).toBeVisible();
    await expect(cycle.getByText('Pago', { exact: true })).toBeVisible();

    // The payer cancels in their bank: the enrollment says so and offers a new start.
    emulator.sandbox.cancelRecurrenceAsPayer(idRec);
    await expect
      .poll(async () => {
        const read = await callApi<{ recurrence: { state: string } }>(
          page,
          `/organizations/${studio.organizationId}/enrollments/${studio.enrollmentId}/pix-automatico`,
          {},
          'GET',
        );
        return read.recurrence.state;
      })
      .toBe('CANCELLED_BY_PAYER');
    const notice = page.getByRole('alert').filter({ hasText: 'Um aluno encerrou o Pix Automático' });
    await page.reload();
    await expect(
      notice.getByText(/Rita Recorrente cancelou no banco o Pix Automático de Mensal Automático/),
    ).toBeVisible();
    await page.goto(`/app/org/${studio.organizationId}/enrollments/${studio.enrollmentId}/details`);
    await expect(panel.getByText(/O aluno cancelou o Pix Automático no banco dele/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Iniciar Pix Automático' })).toBeEnabled();

    // The dashboard tells the studio, with the way to the enrollment.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/app/org/${studio.organizationId}`);
    await expect(
      notice.getByText(/Rita Recorrente cancelou no banco o Pix Automático de Mensal Automático/),
    ).toBeVisible();
    await expectAccessible(page, 'the dashboard telling of a Pix Automático cancelled by the payer');
    await notice.getByRole('link', { name: 'Abrir matrícula' }).click();
    await expect(page).toHaveURL(new RegExp(`/enrollments/${studio.enrollmentId}/details$`));
    await expect(panel.getByText(/O aluno cancelou o Pix Automático no banco dele/)).toBeVisible();
  });
});

/** The enrollment's recurrence as the API answers it (the cycles' txids are the PSP's ids of their debits). */
async function readRecurrence(page: Page, studio: Studio) {
  const { recurrence } = await callApi<{
    recurrence: { charges: { txid: string; state: string; nextRetryDate: string | null }[] };
  }>(
    page,
    `/organizations/${studio.organizationId}/enrollments/${studio.enrollmentId}/pix-automatico`,
    {},
    'GET',
  );
  return recurrence;
}

/** The cycle's debit put at the PSP when the payer approved (the next cycle was already in the window). */
async function debitPutOnApproval(page: Page, studio: Studio): Promise<string> {
  await expect.poll(async () => (await readRecurrence(page, studio)).charges.length).toBe(1);
  return (await readRecurrence(page, studio)).charges[0]?.txid as string;
}

/**
 * The customer's bank settles or refuses the debit on its date (the local PSP's sandbox). The payer's bank
 * schedules a debit a moment after it is asked (as the SPI does); until then the sandbox refuses the outcome,
 * so it is asked again until the debit is there to settle or refuse.
 */
async function debitOutcome(outcome: 'settle' | 'fail', txid: string) {
  await expect
    .poll(() => {
      try {
        if (outcome === 'settle') emulator.sandbox.settleRecurringCharge(txid);
        else emulator.sandbox.failRecurringCharge(txid);
        return 'done';
      } catch {
        return 'not scheduled yet';
      }
    })
    .toBe('done');
}

test.describe('Pix Automático: próximo ciclo cobrado pelo job e pago; débito que falhou, nova tentativa e pago', () => {
  withOwnPsp();

  test('the next cycle is debited and paid; another customer’s failed debit is retried and then paid', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // Enrolled 25 days ago: the QR pays that first cycle, and the next one (3 to 6 days away) is already in the
    // 10-to-2-day window, so the payer's approval puts its debit at once.
    const studio = await studioWithSubscription(page, -25);
    await connectPspWithCnpjReceiver(page, studio.organizationId);
    const bruno = await createCustomerViaApi(page, studio.organizationId, 'Bruno', 'Débito', {
      idType: 'CPF',
      idNumber: '111.444.777-35',
    });
    const second = await callApi<{ id: string }>(
      page,
      `/organizations/${studio.organizationId}/enrollments`,
      {
        customerId: bruno.id,
        planId: studio.planId,
        scheduleId: studio.scheduleId,
        startDate: localDate(-25),
        endDate: localDate(120),
      },
    );
    const retried: Studio = { ...studio, customerId: bruno.id, enrollmentId: second.id };
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = page.getByRole('region', { name: 'Pix Automático' });
    const cycles = panel.getByRole('region', { name: 'Débitos por ciclo' });
    const nextCycle = cycles.getByTestId('pix-automatico-cycle');

    // Rita: authorized; the next cycle's debit is scheduled, then the bank debits it: paid.
    approveInBank(await startPixAutomatico(page, studio));
    await expect(panel.getByRole('status').getByText('Autorizado', { exact: true })).toBeVisible();
    const txid = await debitPutOnApproval(page, studio);
    await page.reload();
    await expect(nextCycle).toHaveCount(1);
    await expect(nextCycle.getByText('R$ 249,00')).toBeVisible();
    await expect(nextCycle.getByText('Agendado', { exact: true })).toBeVisible();
    await expect(nextCycle.getByText(/^Débito em /)).toBeVisible();
    await expectNoSideScroll(page);
    await expectAccessible(page, 'the enrollment’s next cycle debit scheduled');
    await debitOutcome('settle', txid);
    await expect.poll(async () => (await readRecurrence(page, studio)).charges[0]?.state).toBe('PAID');
    await page.reload();
    await expect(nextCycle.getByText('Pago', { exact: true })).toBeVisible();
    await expect(nextCycle.getByText('1 tentativa', { exact: true })).toBeVisible();

    // Bruno: his bank refuses the debit (AM02); it is retried the next day, and then paid.
    approveInBank(await startPixAutomatico(page, retried));
    await expect(panel.getByRole('status').getByText('Autorizado', { exact: true })).toBeVisible();
    const retriedTxid = await debitPutOnApproval(page, retried);
    await debitOutcome('fail', retriedTxid);
    await expect
      .poll(async () => (await readRecurrence(page, retried)).charges[0]?.nextRetryDate)
      .not.toBeNull();
    await page.reload();
    await expect(nextCycle.getByText('Falhou, nova tentativa', { exact: true })).toBeVisible();
    await expect(
      nextCycle.getByText(
        /recusado pelo banco do cliente \(código AM02\) · nova tentativa em .+ · 2 tentativas/,
      ),
    ).toBeVisible();
    await expectNoSideScroll(page);
    await debitOutcome('settle', retriedTxid);
    await expect.poll(async () => (await readRecurrence(page, retried)).charges[0]?.state).toBe('PAID');
    await page.reload();
    await expect(nextCycle.getByText('Pago', { exact: true })).toBeVisible();
    await expect(
      nextCycle.getByText(
        '2 tentativas · pago em nova tentativa depois que o banco do cliente recusou um débito (código AM02)',
      ),
    ).toBeVisible();
    // Paid once, on the customer's payments as every other cycle.
    await page.goto(`/app/org/${studio.organizationId}/customers/${bruno.id}/details?tab=payments`);
    const paidCycles = page.getByRole('listitem', { name: /^Ciclo de cobrança de / });
    await expect(paidCycles.filter({ hasText: 'R$ 249,00 de R$ 249,00' })).toHaveCount(2);

    // The plan's price changes: Rita's fixed authorization no longer fits. Staff ask for a new one; once she
    // authorizes it, the old one is cancelled by itself and the new amount is debited from then on.
    const plansPath = `/organizations/${studio.organizationId}/customer-plans`;
    const plans = await callApi<{ id: string }[]>(page, plansPath, {}, 'GET');
    const plan = plans.find((item) => item.id === studio.planId);
    await callApi(page, `${plansPath}/${studio.planId}`, { ...plan, priceCents: 27_900 }, 'PUT');
    await page.goto(`/app/org/${studio.organizationId}/enrollments/${studio.enrollmentId}/details`);
    const needed = panel.getByRole('alert').filter({ hasText: 'Nova autorização necessária' });
    await expect(needed).toBeVisible();
    await needed.getByRole('button', { name: 'Pedir nova autorização' }).click();
    await needed.getByRole('button', { name: 'Iniciar Pix Automático' }).click();
    await expect(toast(page, 'Pix Automático iniciado: envie o QR code ao aluno.')).toBeVisible();
    const waiting = panel.getByRole('region', { name: 'Nova autorização' });
    await expect(
      waiting.getByRole('img', { name: 'QR code que autoriza o Pix Automático e paga R$ 279,00' }),
    ).toBeVisible();
    await expectNoSideScroll(page);
    const { replacement } = await callApi<{ replacement: { idRec: string } }>(
      page,
      `/organizations/${studio.organizationId}/enrollments/${studio.enrollmentId}/pix-automatico`,
      {},
      'GET',
    );
    approveInBank(replacement.idRec);
    await expect(waiting).toHaveCount(0);
    await expect(panel.getByText('R$ 279,00 a cada ciclo')).toBeVisible();
    await expect(panel.getByRole('status').getByText('Autorizado', { exact: true })).toBeVisible();
    await expect(needed).toHaveCount(0);
  });
});
