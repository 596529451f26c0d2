import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * Issue #26 §1, as a studio owner in Portuguese: a weekly class created with "Sem data de término" runs until
 * ended; a customer on a monthly plan is enrolled in it; once the class is given an end date within 30 days,
 * the dashboard's "Horários que terminam em breve" and the class's own page say that the enrollment that
 * renews by itself ends with it.
 */

const OWNER = { firstName: 'Olga', lastName: 'Owner' };
const OWNER_NAME = `${OWNER.firstName} ${OWNER.lastName}`;
const SCHEDULE = 'Reformer Contínuo';

/** A date as the app writes it in Portuguese ("29 de dez. de 2026"). */
const inPortuguese = (date: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** Studio Centro, with the owner teaching there (an instructor must work at the establishment). */
async function setUpEstablishment(page: Page, organizationId: string) {
  const orgPath = `/organizations/${organizationId}`;
  const establishment = await callApi(page, `${orgPath}/establishments`, {
    name: 'Studio Centro',
    phone: '(11) 3333-4444',
  });
  const { user } = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  await callApi(
    page,
    `${orgPath}/staff/${user.id}/establishments`,
    { establishments: [{ establishmentId: establishment.id, role: 'EST_INSTRUCTOR' }] },
    'PUT',
  );
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

test('a class with no end date, enrolled monthly, then ending within 30 days: the dashboard and its page say so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  await setUpEstablishment(page, organizationId);
  const customer = await createCustomerViaApi(page, organizationId, 'Clara', 'Contínua');
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Reformer');
  await page.getByLabel('Language').first().selectOption('pt_BR');

  // The new class: every day at 07:00, starting today, with no end date.
  await page.goto(`/app/org/${organizationId}/schedules/new`);
  await expect(page.getByRole('heading', { name: 'Novo horário', level: 1 })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill(SCHEDULE);
  await page.getByLabel('Estabelecimento').selectOption({ label: 'Studio Centro' });
  await page.getByLabel('Instrutor').selectOption({ label: OWNER_NAME });
  await page.getByLabel('Capacidade').fill('6');
  await page.getByLabel('Hora de início').fill('07:00');
  await page.getByLabel('Hora de término').fill('08:00');
  for (const day of ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira']) {
    await page.getByRole('checkbox', { name: day }).check();
  }
  await page.getByRole('checkbox', { name: 'sábado' }).check();
  await page.getByRole('checkbox', { name: 'domingo' }).check();
  // Neither an end date nor "no end date": the form asks which.
  await page.getByRole('button', { name: 'Criar horário' }).click();
  await expect(page.getByText('Escolha a data final ou marque “Sem data de término”')).toBeVisible();
  const noEndDate = page.getByRole('checkbox', { name: /Sem data de término/ });
  await noEndDate.check();
  await expect(page.getByLabel('Data final')).toHaveCount(0);
  await page.getByRole('button', { name: 'Criar horário' }).click();

  await expect(page).toHaveURL(/\/schedules(\?|$)/);
  const row = page.getByRole('row', { name: new RegExp(SCHEDULE) });
  await expect(row).toContainText(`A partir de ${inPortuguese(localDate(0))} · Sem data de término`);

  // Clara on the monthly plan, which renews by itself.
  const schedules = await callApi<{ items: { id: string; name: string; endDate: string | null }[] }>(
    page,
    `/organizations/${organizationId}/schedules`,
    {},
    'GET',
  );
  const schedule = schedules.items.find((one) => one.name === SCHEDULE);
  expect(schedule?.endDate).toBeNull();
  if (!schedule) throw new Error('the schedule was not created');
  await callApi(page, `/organizations/${organizationId}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(0),
  });

  // Nothing ends yet.
  await page.goto(`/app/org/${organizationId}`);
  const card = page.getByRole('region', { name: 'Horários que terminam em breve' });
  await expect(
    card.getByText('Nenhum horário com matrículas de renovação automática termina em até 30 dias.'),
  ).toBeVisible();

  // The class ends in 20 days.
  const endDate = localDate(20);
  await page.goto(`/app/org/${organizationId}/schedules`);
  await page.getByRole('link', { name: `Editar ${SCHEDULE}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar horário', level: 1 })).toBeVisible();
  await expect(noEndDate).toBeChecked();
  await noEndDate.uncheck();
  await page.getByLabel('Data final').fill(endDate);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/schedules(\?|$)/);
  await expect(row).toContainText(`${inPortuguese(localDate(0))} a ${inPortuguese(endDate)}`);

  // The dashboard tells it, linking to the class and to its enrollments.
  await page.goto(`/app/org/${organizationId}`);
  const item = card.getByRole('listitem').filter({ hasText: SCHEDULE });
  await expect(item).toContainText(
    `Studio Centro · termina em ${inPortuguese(endDate)} · 1 matrícula com renovação automática termina junto`,
  );
  await expect(item.getByRole('link', { name: 'Ver as matrículas' })).toBeVisible();
  await item.getByRole('link', { name: SCHEDULE }).click();

  // So does the class's own page.
  await expect(page.getByRole('heading', { name: 'Editar horário', level: 1 })).toBeVisible();
  const banner = page.getByRole('note').filter({ hasText: 'Este horário termina em' });
  await expect(banner).toContainText(
    `Este horário termina em ${inPortuguese(endDate)}; 1 matrícula com renovação automática termina junto.`,
  );
  await expect(banner.getByRole('link', { name: 'Ver as matrículas' })).toBeVisible();
  const schedulePage = page.url();

  // A phone and a laptop: the card and the banner fit without scrolling sideways.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(schedulePage);
    await expect(banner).toBeVisible();
    await expectNoSidewaysScroll(page, `the schedule's page at ${width} px`);
    await page.goto(`/app/org/${organizationId}`);
    await expect(item).toBeVisible();
    await expectNoSidewaysScroll(page, `the dashboard at ${width} px`);
  }
});
