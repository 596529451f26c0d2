import { expect, test } from '@playwright/test';
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
 * The customer's details and calendar feed in the portal (issue #29, decision 046): on their phone, in
 * Portuguese, the customer changes their phone and sees it saved; staff see the change in the customer's
 * history. The customer makes their calendar link and copies it, and the address serves an .ics with their
 * class; staff revoke it from the portal card and the address stops answering.
 */

test('the customer edits their phone and subscribes to their calendar; staff see the change and revoke the feed', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Rita', lastName: 'Perfil' },
    'Studio Perfil',
  );
  const orgPath = `/organizations/${organizationId}`;
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Agenda');
  const plan = await createPlanViaApi(page, organizationId, 'Mensal agenda');
  const customer = await createCustomerViaApi(page, organizationId, 'Júlia', 'Agenda', {
    email: `julia-${Date.now()}@example.com`,
    phone: '+5511987654321',
  });
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(0),
    endDate: localDate(30),
  });
  const link = await callApi<{ url: string }>(page, `${orgPath}/customers/${customer.id}/class-link`, {});
  const portalUrl = new URL(link.url);

  // The customer's phone, in Portuguese, with clipboard access for "Copiar link".
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const portal = await phone.newPage();
  await portal.goto(`${portalUrl.pathname}${portalUrl.hash}`);
  const menu = portal.getByRole('navigation', { name: 'Seções da sua página' });
  await menu.getByRole('link', { name: 'Meus dados' }).click();
  const details = portal.getByRole('region', { name: 'Seus dados' });
  const phoneField = details.getByLabel('Telefone', { exact: true });
  await expect(phoneField).toHaveValue('(11) 98765-4321');
  await expectAccessible(portal, 'the portal with the profile and calendar sections');

  // A phone that is not one is refused beside the field; then the right one is saved.
  await phoneField.fill('123');
  await details.getByRole('button', { name: 'Salvar meus dados' }).click();
  await expect(details.getByText('Informe um telefone válido')).toBeVisible();
  await phoneField.fill('11 91234-5678');
  await details.getByRole('button', { name: 'Salvar meus dados' }).click();
  await expect(details.getByRole('status')).toHaveText('Seus dados foram salvos.');
  await expect(phoneField).toHaveValue('(11) 91234-5678');
  await portal.reload();
  await menu.getByRole('link', { name: 'Meus dados' }).click();
  await expect(
    portal.getByRole('region', { name: 'Seus dados' }).getByLabel('Telefone', { exact: true }),
  ).toHaveValue('(11) 91234-5678');

  // The calendar link: made, copied, and an .ics with the customer's class.
  const calendar = portal.getByRole('region', { name: 'Calendário' });
  await expect(calendar.getByTestId('portal-calendar-status')).toHaveText(
    'Você ainda não tem um link de calendário.',
  );
  await calendar.getByRole('button', { name: 'Criar meu link de calendário' }).click();
  const urlField = calendar.getByLabel('Endereço do seu calendário (não compartilhe)');
  await expect(urlField).toHaveValue(/\/api\/portal\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feedUrl = await urlField.inputValue();
  await expect(calendar.getByRole('link', { name: 'Assinar no iPhone' })).toHaveAttribute(
    'href',
    feedUrl.replace(/^https?:\/\//, 'webcal://'),
  );
  await expect(calendar.getByRole('link', { name: 'Assinar no Google Agenda' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?cid=webcal/,
  );
  await calendar.getByRole('button', { name: 'Copiar link' }).click();
  await expect(calendar.getByText('Link copiado.')).toBeVisible();
  expect(await portal.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

  // A calendar app sends no cookie: the address alone is the key.
  const feed = await page.request.get(new URL(feedUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('SUMMARY:Reformer Agenda');
  expect(ics).toContain(`.${customer.id}@reformer`);

  // Staff see what the customer changed, and revoke the feed from the portal card.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details`);
  await expect(page.getByTestId('customer-profile-changes')).toContainText(
    'Phone: (11) 98765-4321 → (11) 91234-5678',
  );
  // The customer's data-subject export (LGPD art. 18) holds the same change.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/data-export`);
  await expect(
    page
      .getByRole('region', { name: 'Changes to their details in the portal' })
      .getByTestId('customer-profile-changes'),
  ).toContainText('Phone: (11) 98765-4321 → (11) 91234-5678');
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=makeUpCredits`);
  await expect(page.getByTestId('customer-calendar-feed-status')).toContainText(
    'The customer subscribed to their calendar on',
  );
  await page.getByRole('button', { name: 'Revoke calendar feed' }).click();
  await expect(page.getByTestId('customer-calendar-feed-status')).toHaveText('No calendar feed.');
  expect((await page.request.get(new URL(feedUrl).pathname)).status()).toBe(404);
  await phone.close();
});
