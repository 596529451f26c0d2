import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * A data-subject request (LGPD Art. 18): the owner opens a customer, opens her personal data export, sees
 * every part of her record written the Brazilian way — a make-up credit earned by cancelling a class among
 * them —, downloads it as JSON, and reads it in Portuguese.
 */

const OWNER = { firstName: 'Olga', lastName: 'Owner' };

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

test('open a customer’s personal data export, see each part, download it as JSON', async ({ page }) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const orgPath = `/organizations/${organizationId}`;
  const customer = await createCustomerViaApi(page, organizationId, 'Lúcia', 'Titular', {
    email: 'lucia.titular@example.com',
    phone: '(11) 98765-4321',
    idType: 'CPF',
    idNumber: '529.982.247-25',
    zipCode: '01310100',
    city: 'São Paulo',
  });
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Manhã');
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Reformer');
  const enrollment = await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: today(),
  });
  await callApi(page, `${orgPath}/payments`, {
    customerId: customer.id,
    enrollmentId: enrollment.id,
    amountCents: 24_900,
    currency: 'BRL',
    paidOn: today(),
    method: 'PIX',
    status: 'COMPLETED',
  });
  const pack = await createPlanViaApi(page, organizationId, 'Pacote 5 aulas', {
    kind: 'PACK',
    classCount: 5,
    validityDays: 60,
    priceCents: 90_000,
    weeklySessionsLimit: null,
  });
  await callApi(page, `${orgPath}/purchases`, { customerId: customer.id, planId: pack.id });
  await callApi(page, `${orgPath}/customers/${customer.id}/medical-records`, {
    type: 'OTHER',
    recordDate: today(),
    title: 'Laudo de ressonância',
    description: null,
    document: { category: 'EXAM_RESULT', details: 'Protrusão discal L4-L5.' },
  });
  // Her first class at least 3 days ahead, canceled with notice: a make-up credit.
  const upcoming = await callApi<{ items: { id: string }[] }>(
    page,
    `${orgPath}/sessions?from=${localDate(3)}&to=${localDate(9)}&scheduleId=${schedule.id}`,
    {},
    'GET',
  );
  const canceled = upcoming.items[0];
  if (!canceled) throw new Error('no class in the coming week');
  await callApi(
    page,
    `${orgPath}/sessions/${canceled.id}/attendance/${customer.id}`,
    { status: 'CANCELED' },
    'PUT',
  );

  // From the customer's page, in English.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details`);
  await page.getByRole('link', { name: 'Export personal data' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}/data-export$`));
  await expect(page.getByRole('heading', { name: 'Lúcia Titular', level: 1 })).toBeVisible();
  for (const section of [
    'Profile',
    'Enrollments',
    'Attendance',
    'Payments',
    'Packs and classes bought',
    'PIX charges',
    'Make-up credits',
    'Medical records',
    'Messages sent',
  ]) {
    await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Enrollments' }).getByText('Mensal Reformer')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Medical records' }).getByText('Laudo de ressonância'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Messages sent' }).getByText('Nothing recorded.'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Packs and classes bought' }).getByText('5 of 5 classes left'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'PIX charges' }).getByText('Nothing recorded.'),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Make-up credits' })
      .getByRole('cell', { name: 'Available', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-lucia-titular-\d{4}-\d{2}-\d{2}\.json$/);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const data = JSON.parse(text);
  expect(data.customer).toMatchObject({ id: customer.id, firstName: 'Lúcia', lastName: 'Titular' });
  expect(data.payments).toHaveLength(1);
  expect(data.purchases).toEqual([expect.objectContaining({ planName: 'Pacote 5 aulas', classesLeft: 5 })]);
  expect(data.medicalRecords[0].document.details).toBe('Protrusão discal L4-L5.');
  expect(data.makeUpCredits).toEqual([
    expect.objectContaining({
      state: 'AVAILABLE',
      canceledSession: expect.objectContaining({ id: canceled.id }),
    }),
  ]);

  // In Portuguese: money, CPF, phone and CEP as written in Brazil.
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByText('Exportação de dados pessoais', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Pagamentos' });
  await expect(payments.getByText('R$ 249,00')).toBeVisible();
  const packs = page.getByRole('region', { name: 'Pacotes e aulas compradas' });
  await expect(packs.getByText('R$ 900,00')).toBeVisible();
  const credits = page.getByRole('region', { name: 'Créditos de reposição' });
  await expect(credits.getByRole('cell', { name: 'Disponível', exact: true })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Perfil', exact: true });
  await expect(profile.getByText('529.982.247-25')).toBeVisible();
  await expect(profile.getByText('(11) 98765-4321')).toBeVisible();
  await expect(profile.getByText('01310-100')).toBeVisible();
});
