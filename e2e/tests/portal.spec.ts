import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * The customer portal (issue #29, decision 039): staff send the portal link from the customer's page; the
 * customer opens it on their phone in Portuguese, signed out — the token leaves the address bar — cancels a
 * class two days ahead and earns a make-up credit, joins the line of a full class and books a make-up with the
 * credit. Staff revoke the link: the portal says it no longer opens and offers a new one. A class link sent
 * before the portal (/my-classes/<token>) still lands in the portal.
 */

type SessionItem = { id: string; startsAt: string };

async function sessionsOf(page: Page, orgPath: string, scheduleId: string, from: string, to: string) {
  const query = new URLSearchParams({ from, to, scheduleId });
  const { items } = await callApi<{ items: SessionItem[] }>(page, `${orgPath}/sessions?${query}`, {}, 'GET');
  return items;
}

test('the customer cancels, waits and books a make-up in their portal; a revoked link stops', async ({
  page,
  browser,
}) => {
  // A whole journey across two browsers: 45–49 s on a quiet machine, and over the default 60 s on a loaded one —
  // this tree and the one before it alike (two runs side by side on two cores both timed out).
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Clara', lastName: 'Portal' },
    'Studio Portal',
  );
  const orgPath = `/organizations/${organizationId}`;
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Manhã');
  const { establishmentId, staffUserId } = await callApi<{ establishmentId: string; staffUserId: string }>(
    page,
    `${orgPath}/schedules/${schedule.id}`,
    {},
    'GET',
  );
  // Two one-off classes at the same studio: one with seats for the make-up, one already full.
  const oneOff = (name: string, offset: number, capacity: number) =>
    callApi(page, `${orgPath}/schedules`, {
      name,
      type: 'GROUP',
      establishmentId,
      staffUserId,
      capacity,
      startTime: '18:00',
      endTime: '19:00',
      startDate: localDate(offset),
      endDate: localDate(offset),
      recurrenceType: 'SINGLE',
      daysOfWeek: [],
    });
  const makeUpClass = await oneOff('Reformer Tarde', 5, 4);
  const fullClass = await oneOff('Reformer Lotado', 6, 1);
  const plan = await createPlanViaApi(page, organizationId, 'Mensal livre');
  const customer = await createCustomerViaApi(page, organizationId, 'Lívia', 'Portal', {
    email: `livia-${Date.now()}@example.com`,
    phone: '+5511987654321',
  });
  const seated = await createCustomerViaApi(page, organizationId, 'Sara', 'Sentada');
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(0),
    endDate: localDate(30),
  });
  const [fullSession] = await sessionsOf(page, orgPath, fullClass.id, localDate(6), localDate(6));
  await callApi(page, `${orgPath}/sessions/${fullSession?.id}/customers`, {
    customerIds: [seated.id],
    reason: 'OTHER',
  });
  const [makeUpSession] = await sessionsOf(page, orgPath, makeUpClass.id, localDate(5), localDate(5));
  const ownSessions = await sessionsOf(page, orgPath, schedule.id, localDate(0), localDate(30));
  const target = ownSessions.find((item) => Date.parse(item.startsAt) > Date.now() + 48 * 3_600_000);
  if (!target || !makeUpSession || !fullSession) throw new Error('the classes were not made');

  // Staff send the link from the customer's page.
  const customerPage = `/app/org/${organizationId}/customers/${customer.id}/details?tab=makeUpCredits`;
  await page.goto(customerPage);
  await page.getByRole('button', { name: 'Send portal link' }).click();
  const linkField = page.getByLabel('The new link');
  await expect(linkField).toHaveValue(/\/portal#t=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('link', { name: 'Send by WhatsApp' })).toBeVisible();
  await expect(page.getByTestId('class-link-status')).toContainText('A link is live since');
  const url = new URL(await linkField.inputValue());

  // The customer's own phone, in Portuguese: a fresh browser with no session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  let portal = await phone.newPage();
  await portal.goto(`${url.pathname}${url.hash}`);
  await expect(portal.getByText('Olá, Lívia! Seu espaço em Studio Portal.')).toBeVisible();
  // The key left the address bar (and the history) once exchanged for the session cookie.
  expect(new URL(portal.url()).hash).toBe('');
  expect(portal.url()).not.toContain(url.hash.slice(3));
  await expect(portal.getByText('Nenhum crédito de reposição ou pacote no momento.')).toBeVisible();
  await expectAccessible(portal, 'the customer’s portal');

  // Cancel with notice: a make-up credit.
  const place = portal.locator(`[data-testid="my-class"][data-session-id="${target.id}"]`);
  await place.getByRole('button', { name: /Cancelar minha vaga em Reformer Manhã/ }).click();
  await expect(
    place.getByText(/Você vai ganhar um crédito de reposição, válido até \d{1,2} de \S+ de \d{4}/),
  ).toBeVisible();
  await place.getByRole('button', { name: 'Sim, cancelar minha vaga' }).dblclick();
  await expect(portal.getByText(/^Sua vaga foi cancelada/)).toContainText(
    /Sua vaga foi cancelada\. Você ganhou um crédito de reposição, válido até \d{1,2} de \S+ de \d{4}/,
  );
  await expect(place).toContainText(/Cancelada · crédito de reposição válido até/);
  await expect(portal.getByTestId('portal-credit')).toHaveCount(1);

  // The full class: the customer scrolls down to the classes they may book and joins its line.
  await portal.getByRole('heading', { name: 'Agendar uma aula' }).scrollIntoViewIfNeeded();
  const full = portal.locator(`[data-testid="portal-bookable"][data-session-id="${fullSession.id}"]`);
  await expect(full).toContainText('Lotada');
  await full.getByRole('button', { name: /Entrar na lista de espera de Reformer Lotado/ }).click();
  await expect(portal.getByTestId('portal-waiting')).toContainText('Reformer Lotado');
  await expect(portal.getByTestId('portal-waiting')).toContainText('Você está na lista de espera.');
  await expect(full).toHaveCount(0);

  // The make-up with the credit: the credit is spent, the class is among theirs.
  const makeUp = portal.locator(`[data-testid="portal-bookable"][data-session-id="${makeUpSession.id}"]`);
  await expect(makeUp).toContainText('4 vagas');
  await makeUp.getByRole('button', { name: /Repor Reformer Tarde em .* com crédito/ }).click();
  await expect(portal.getByTestId('portal-credit')).toHaveCount(0);
  await expect(
    portal.locator(`[data-testid="my-class"][data-session-id="${makeUpSession.id}"]`),
  ).toContainText('Reformer Tarde');
  const overflow = await portal.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // At the studio: the make-up is on the roster, the waiting customer in the line.
  await page.goto(`/app/org/${organizationId}/attendance/session/${makeUpSession.id}`);
  await expect(page.getByRole('combobox', { name: 'Status of Lívia Portal' })).toHaveValue('REPOSITION');

  // Staff see the session the link opened, and end it: that phone's portal stops opening.
  await page.goto(customerPage);
  const sessions = page.getByTestId('portal-session');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('Open');
  await sessions
    .first()
    .getByRole('button', { name: /End the session opened/ })
    .click();
  await expect(sessions.first()).toContainText('Ended by the studio');
  await portal.reload();
  await expect(portal.getByRole('alert')).toContainText('Este link não funciona mais.');

  // The link itself still opens a new session (tapped again, in a new tab), until staff revoke it.
  await portal.close();
  portal = await phone.newPage();
  await portal.goto(`${url.pathname}${url.hash}`);
  await expect(portal.getByText('Olá, Lívia! Seu espaço em Studio Portal.')).toBeVisible();
  await page.reload();
  await expect(sessions).toHaveCount(2);
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByTestId('class-link-status')).toContainText('No live link.');
  await expect(sessions.first()).toContainText('the link was revoked');
  await expect(sessions.getByRole('button', { name: /End the session/ })).toHaveCount(0);
  await portal.reload();
  await expect(portal.getByRole('alert')).toContainText('Este link não funciona mais.');
  await portal.getByLabel('Seu e-mail').fill('alguem@example.com');
  await portal.getByRole('button', { name: 'Enviar um novo link' }).click();
  await expect(portal.getByRole('status')).toContainText('um novo link está a caminho');
  await phone.close();
});

test('a class link sent before the portal still opens the portal', async ({ page, browser }) => {
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Olga', lastName: 'Antiga' },
    'Studio Antigo',
  );
  const customer = await createCustomerViaApi(page, organizationId, 'Tito', 'Antigo', {
    email: `tito-${Date.now()}@example.com`,
  });
  const made = await callApi<{ url: string }>(
    page,
    `/organizations/${organizationId}/customers/${customer.id}/class-link`,
    {},
  );
  const token = new URL(made.url).hash.slice('#t='.length);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const portal = await phone.newPage();
  await portal.goto(`/my-classes/${token}`);
  await expect(portal.getByText('Olá, Tito! Seu espaço em Studio Antigo.')).toBeVisible();
  await expect(portal).toHaveURL(/\/portal$/);
  await phone.close();
});

test('staff set how the portal books make-ups, in the make-up credit settings', async ({ page }) => {
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Rita', lastName: 'Regras' },
    'Studio Regras',
  );
  await page.goto(`/app/org/${organizationId}/settings?tab=makeUpCredits`);
  const card = page.getByRole('region', { name: 'Make-up credits' });
  const closes = card.getByLabel('Portal booking closes (hours before the class)');
  const scope = card.getByLabel('Make-ups from the portal');
  await expect(closes).toHaveValue('2');
  await expect(scope).toHaveValue('SAME_ESTABLISHMENT');
  await closes.fill('6');
  await scope.selectOption({ label: 'At any establishment the customer is enrolled at' });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Make-up credit rules saved.')).toBeVisible();
  const saved = await callApi<{ portalBookingHours: number; portalMakeUpScope: string }>(
    page,
    `/organizations/${organizationId}/make-up-credit-settings`,
    {},
    'GET',
  );
  expect(saved).toMatchObject({ portalBookingHours: 6, portalMakeUpScope: 'ANY_ALLOWED_ESTABLISHMENT' });
  await page.reload();
  await expect(closes).toHaveValue('6');
  await expect(scope).toHaveValue('ANY_ALLOWED_ESTABLISHMENT');
});
