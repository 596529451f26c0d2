import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  sessionIdOn,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * Class moved, roster told (issue #32, decision 050), in Portuguese on a 390 px phone: an enrolled customer
 * and a trial customer are on a class; the owner moves it from 07:00 to 20:00 from the session's page; both
 * notices wait in the events screen's outbox (e-mail without SMTP, WhatsApp to open) with the old and the new
 * time, and the customer's Messages tab lists it. The owner then changes the class message settings.
 */

const OWNER = { firstName: 'Nina', lastName: 'Notícia' };

async function hasNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('a moved class tells its roster, shown in the outbox and the customer’s messages', async ({ page }) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const orgPath = `/organizations/${organizationId}`;
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await page.setViewportSize({ width: 390, height: 844 });

  // Every day at 07:00 for four weeks, in São Paulo; the class three days ahead is the one moved.
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Avisos', {
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Avisos');
  const lia = await createCustomerViaApi(page, organizationId, 'Lia', 'Matriculada', {
    email: `lia.${randomUUID().slice(0, 8)}@example.com`,
    phone: '(11) 98765-4321',
    isWhatsapp: true,
  });
  const teo = await createCustomerViaApi(page, organizationId, 'Teo', 'Experimental', {
    email: `teo.${randomUUID().slice(0, 8)}@example.com`,
  });
  // Enrolled from the moved class on: a class of hers tomorrow would be due its default reminder (24 hours
  // before, by e-mail) from 07:00 today, and the server's 5-minute tick would add it to the outbox mid-test.
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: lia.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(3),
  });
  const sessionId = await sessionIdOn(page, organizationId, schedule.id, localDate(3));
  await callApi(page, `${orgPath}/sessions/${sessionId}/customers`, {
    customerIds: [teo.id],
    reason: 'TRIAL_CLASS',
  });

  // The owner moves it to 20:00 the same day; the roster is named before the move goes.
  await page.goto(`/app/org/${organizationId}/attendance/session/${sessionId}`);
  await page.getByRole('button', { name: /^Remarcar Reformer Avisos/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remarcar aula' });
  await dialog.getByLabel('Hora de início').fill('20:00');
  await dialog.getByLabel('Hora de término').fill('21:00');
  await dialog.getByRole('button', { name: 'Remarcar aula' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remarcar uma aula com clientes?' });
  await expect(confirm.getByRole('list', { name: 'Clientes na aula' })).toContainText('Teo Experimental');
  await confirm.getByRole('button', { name: 'Remarcar aula' }).click();
  await expect(page.getByText(/^Aula remarcada para .* às 20:00\.$/)).toBeVisible();

  // The events screen: both customers' notices wait in the class messages' outbox, on both channels.
  await page.goto(`/app/org/${organizationId}/events`);
  const area = page.getByRole('region', { name: 'Lembretes e avisos de aula' });
  const outbox = area.getByRole('region', { name: /^Caixa de saída/ });
  await expect(outbox.getByRole('listitem')).toHaveCount(3);
  const liaNotices = outbox.getByRole('listitem').filter({ hasText: 'Lia Matriculada' });
  await expect(liaNotices).toHaveCount(2);
  await expect(outbox.getByRole('listitem').filter({ hasText: 'Teo Experimental' })).toHaveCount(1);
  const whatsApp = liaNotices.filter({ hasText: 'WhatsApp' });
  await whatsApp.getByText('Mostrar mensagem').click();
  await expect(whatsApp).toContainText(
    /Olá, Lia! Sua aula de Reformer Avisos em .* mudou de horário: era .*, às 07:00, e agora é .*, às 20:00\./,
  );
  await expect(
    whatsApp.getByRole('button', { name: 'Abrir no WhatsApp a mensagem para Lia Matriculada' }),
  ).toBeVisible();
  await hasNoSidewaysScroll(page);
  await expectAccessible(page, 'the events screen with class notices');

  // Teo's Messages tab lists the notice with its kind.
  await page.goto(`/app/org/${organizationId}/customers/${teo.id}/details?tab=messages`);
  const notice = page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Aula remarcada ou cancelada · / }) });
  // Teo has no phone: only the e-mail was written.
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('E-mail');
  await notice.getByText('Mostrar mensagem').click();
  await expect(notice).toContainText(/Olá, Teo! .* e agora é .*, às 20:00\./);

  // The settings: reminders 2 hours before on WhatsApp, saved and read back.
  await page.goto(`/app/org/${organizationId}/events`);
  const settings = page.getByRole('region', { name: 'Mensagens de aula' });
  await expect(settings.getByText('Ainda não salvas', { exact: false })).toBeVisible();
  await settings.getByLabel('Horas antes da aula').fill('49');
  await settings.getByRole('button', { name: 'Salvar' }).click();
  await expect(settings.getByLabel('Horas antes da aula')).toHaveAttribute('aria-invalid', 'true');
  await settings.getByLabel('Horas antes da aula').fill('2');
  const reminderChannels = settings.getByRole('group', { name: 'Canais do lembrete' });
  await reminderChannels.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await reminderChannels.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  await settings.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações das mensagens de aula salvas')).toBeVisible();
  await page.reload();
  await expect(settings.getByLabel('Horas antes da aula')).toHaveValue('2');
  await expect(reminderChannels.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  await expect(reminderChannels.getByRole('checkbox', { name: 'E-mail' })).not.toBeChecked();
  await hasNoSidewaysScroll(page);

  // On a desk's 1366 px screen the outbox is a table, the settings beside it.
  await page.setViewportSize({ width: 1366, height: 900 });
  const table = area.getByRole('region', { name: /^Caixa de saída/ }).getByRole('table');
  await expect(table.getByRole('row', { name: /Lia Matriculada/ })).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Teo Experimental/ })).toHaveCount(1);
  await expect(settings).toBeVisible();
});
