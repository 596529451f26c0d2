import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { typedDate } from '../support/date-entry.ts';
import { createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';

/**
 * A studio's week in Portuguese: the owner sets the time zone, teaches at their establishment, creates a
 * weekly group class, moves tomorrow's session an hour later by dragging it on the week grid, adds a
 * customer to it for a trial class, confirms them and checks them in. The schedules list fits a phone.
 */

const TIME_ZONE = 'America/Recife';
const DAY_NAMES = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];
const OWNER = { firstName: 'Carla', lastName: 'Coordenadora' };
const OWNER_NAME = `${OWNER.firstName} ${OWNER.lastName}`;

/** A calendar date in the organization's zone, `days` from today there: "YYYY-MM-DD" and its weekday. */
function localDay(days: number): { date: string; weekday: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return { date: date.toISOString().slice(0, 10), weekday: date.getUTCDay() };
}

function orgNav(page: Page) {
  return page.getByRole('navigation', { name: 'Navegação da organização' });
}

/** Studio Centro, with the owner teaching there (an instructor must work at the establishment). */
async function setUpEstablishment(page: Page) {
  await orgNav(page).getByRole('link', { name: 'Estabelecimentos' }).click();
  await page.getByRole('button', { name: 'Novo estabelecimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo estabelecimento' });
  await dialog.getByLabel('Nome', { exact: true }).fill('Studio Centro');
  await dialog.getByRole('button', { name: 'Criar estabelecimento' }).click();
  await expect(dialog).toBeHidden();

  await orgNav(page).getByRole('link', { name: 'Equipe' }).click();
  await page.getByRole('button', { name: `Editar as funções de ${OWNER_NAME} nos estabelecimentos` }).click();
  const roles = page.getByRole('dialog', { name: 'Funções nos estabelecimentos' });
  await roles.getByRole('button', { name: 'Adicionar função em estabelecimento' }).click();
  await roles.getByLabel('Função no estabelecimento').selectOption({ label: 'Instrutor' });
  await roles.getByRole('button', { name: 'Salvar' }).click();
  await expect(roles).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(OWNER_NAME) })).toContainText(
    'Studio Centro: Instrutor',
  );
}

async function setTimeZone(page: Page) {
  await orgNav(page).getByRole('link', { name: 'Configurações da organização' }).click();
  await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Sao_Paulo');
  await page.getByLabel('Fuso horário').selectOption(TIME_ZONE);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Organização atualizada.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Fuso horário')).toHaveValue(TIME_ZONE);
}

/** Weekly at 19:00 on today's and tomorrow's weekdays for a month: tomorrow's session is always ahead. */
async function createWeeklySchedule(page: Page) {
  const today = localDay(0);
  const tomorrow = localDay(1);
  await orgNav(page).getByRole('link', { name: 'Horários' }).click();
  await expect(page.getByRole('heading', { name: 'Horários', level: 1 })).toBeVisible();
  await expect(page.getByText('Nenhum horário ainda')).toBeVisible();
  await page.getByRole('link', { name: 'Novo horário' }).click();

  // The shared schema's messages, before anything is sent.
  await page.getByRole('button', { name: 'Criar horário' }).click();
  await expect(page.getByText('O nome do horário é obrigatório')).toBeVisible();
  await expect(page.getByText('Este campo é obrigatório').first()).toBeVisible();

  await page.getByLabel('Nome', { exact: true }).fill('Reformer Iniciante');
  await page.getByLabel('Estabelecimento').selectOption({ label: 'Studio Centro' });
  await page.getByLabel('Instrutor').selectOption({ label: OWNER_NAME });
  await page.getByLabel('Hora de início').fill('20:00');
  await page.getByLabel('Hora de término').fill('19:00');
  await expect(page.getByLabel('Data inicial')).toHaveValue(typedDate(today.date, 'pt_BR'));
  await page.getByLabel('Data final').fill(typedDate(localDay(30).date, 'pt_BR'));
  await page.getByRole('button', { name: 'Criar horário' }).click();
  await expect(page.getByText('A hora de término deve ser posterior à hora de início')).toBeVisible();
  await expect(page.getByText('A capacidade é obrigatória para horários em grupo')).toBeVisible();
  await expect(page.getByText('Selecione pelo menos um dia da semana')).toBeVisible();

  await page.getByLabel('Capacidade').fill('6');
  await page.getByLabel('Hora de início').fill('19:00');
  await page.getByLabel('Hora de término').fill('20:00');
  await page.getByRole('checkbox', { name: DAY_NAMES[today.weekday] }).check();
  await page.getByRole('checkbox', { name: DAY_NAMES[tomorrow.weekday] }).check();
  await page.getByRole('button', { name: 'Criar horário' }).click();

  await expect(page).toHaveURL(/\/schedules(\?|$)/);
  const row = page.getByRole('row', { name: /Reformer Iniciante/ });
  await expect(row).toContainText('Studio Centro');
  await expect(row).toContainText(OWNER_NAME);
  await expect(row).toContainText('19:00 - 20:00');
  await expect(row).toContainText('6 vagas');
  await expect(row).toContainText('Semanal');
  await expect(row).toContainText('Ativo');
}

/** This week's grid; tomorrow may already be next week's first day (pt-BR weeks start on Monday). */
async function openTomorrowsWeek(page: Page) {
  await orgNav(page).getByRole('link', { name: 'Frequência' }).click();
  await expect(page.getByRole('heading', { name: 'Frequência', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the attendance');
  await expect(page.getByRole('region', { name: 'Calendário de aulas' })).toBeVisible();
  if (localDay(1).weekday === 1) await page.getByRole('button', { name: 'Próxima semana' }).click();
}

/** Drags tomorrow's session two half-hour rows (36 px each) down with the mouse, in steps, as a person would. */
async function dragSessionOneHourLater(page: Page) {
  const handle = page.getByRole('button', { name: /^Arrastar Reformer Iniciante de .* às 19:00$/ }).last();
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error('The session has no box on the grid');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 5 });
  await page.mouse.move(x, y + 72, { steps: 10 });
  await expect(page.getByText(/^Soltar em .* às 20:00$/)).toBeAttached();
  await page.mouse.up();
}

/**
 * dnd-kit's keyboard sensor starts listening for the arrows in a timer queued when the session is picked up
 * (after the announcement renders); under load Chromium handles a key press before that timer, and the
 * arrow is lost. A timer queued now runs after it: once it has, the sensor listens.
 */
async function untilKeyboardDragListens(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

test('a weekly class: set up, moved on the week grid, a trial customer added, confirmed and checked in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  await createCustomerViaApi(page, organizationId, 'Marina', 'Experimental');
  await page.getByLabel('Language').first().selectOption('pt_BR');

  await setUpEstablishment(page);
  await setTimeZone(page);
  await createWeeklySchedule(page);

  await openTomorrowsWeek(page);
  await expect(page.getByText('Arraste uma aula para outro dia ou hora', { exact: false })).toBeVisible();
  await dragSessionOneHourLater(page);
  await expect(page.getByText(/^Aula remarcada para .* às 20:00\.$/)).toBeVisible();
  const moved = page.getByRole('link', { name: /^Abrir Reformer Iniciante em .* às 20:00$/ });
  await expect(moved).toBeVisible();
  await page.reload();
  await expect(moved).toBeVisible();
  await expect(page.getByText('Remarcada', { exact: true })).toBeVisible();
  // The badge is whole, not cut to "Remarca…" by the day column (#27 item 14).
  const movedBadge = page.getByTestId('moved-badge');
  expect(await movedBadge.evaluate((badge) => badge.scrollWidth <= badge.clientWidth)).toBe(true);
  const chipBox = await movedBadge.locator('xpath=../..').boundingBox();
  const badgeBox = await movedBadge.boundingBox();
  expect((badgeBox?.x ?? 0) + (badgeBox?.width ?? 0)).toBeLessThanOrEqual(
    (chipBox?.x ?? 0) + (chipBox?.width ?? 0),
  );

  // The keyboard does the same from the session's handle: Space, an arrow (half an hour), Space.
  await page.getByRole('button', { name: /^Arrastar Reformer Iniciante de .* às 20:00$/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Reformer Iniciante selecionada.')).toBeAttached();
  await untilKeyboardDragListens(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(/^Soltar em .* às 20:30$/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Aula remarcada para .* às 20:30\.$/)).toBeVisible();
  const movedAgain = page.getByRole('link', { name: /^Abrir Reformer Iniciante em .* às 20:30$/ });
  await expect(movedAgain).toBeVisible();

  // The session page: the roster starts empty; a customer joins for a trial class.
  await movedAgain.click();
  await expect(page.getByRole('heading', { name: /^Reformer Iniciante — / })).toBeVisible();
  await expect(page.getByText('20:30 - 21:30')).toBeVisible();
  await expect(page.getByText('Nenhum cliente nesta aula ainda.')).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar clientes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar clientes a esta aula' });
  await expect(dialog.getByText('Restam 6 vagas')).toBeVisible();
  await dialog.getByRole('button', { name: 'Adicionar clientes' }).click();
  await expect(dialog.getByText('Selecione pelo menos um cliente')).toBeVisible();
  await expect(dialog.getByText('O motivo é obrigatório')).toBeVisible();
  await dialog.getByRole('searchbox').fill('mari');
  await dialog.getByRole('checkbox', { name: 'Marina Experimental' }).check();
  await expect(dialog.getByText('1 cliente selecionado')).toBeVisible();
  await expect(dialog.getByText('Restam 5 vagas')).toBeVisible();
  await dialog.getByLabel('Motivo').selectOption({ label: 'Aula experimental' });
  await expect(dialog.getByLabel('Situação')).toHaveValue('TRIAL');
  await dialog.getByRole('button', { name: 'Adicionar clientes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 cliente adicionado à aula.')).toBeVisible();

  const row = page.getByRole('row', { name: /Marina Experimental/ });
  const status = row.getByRole('combobox', { name: 'Situação de Marina Experimental' });
  await expect(status).toHaveValue('TRIAL');
  await expect(row).toContainText('Adicionado a esta aula · Aula experimental');
  await status.selectOption('CONFIRMED');
  await expect(page.getByText('Situação de Marina Experimental atualizada.')).toBeVisible();
  await expect(status).toHaveValue('CONFIRMED');

  // Moving it now asks first and names who is on it, to tell them (#27 item 11); cancelled, it stays.
  await page.getByRole('button', { name: /^Remarcar Reformer Iniciante de / }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Remarcar aula' });
  await moveDialog.getByRole('button', { name: 'Remarcar aula' }).click();
  const confirmMove = page.getByRole('dialog', { name: 'Remarcar uma aula com clientes?' });
  await expect(confirmMove.getByRole('list', { name: 'Clientes na aula' })).toHaveText('Marina Experimental');
  await expect(confirmMove).toContainText('1 cliente está nela');
  await confirmMove.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmMove).toBeHidden();
  await moveDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('20:30 - 21:30')).toBeVisible();

  await row.getByRole('button', { name: 'Fazer check-in de Marina Experimental' }).click();
  await expect(page.getByText('Check-in de Marina Experimental feito.')).toBeVisible();
  await expect(row.getByText(/^Check-in às \d{2}:\d{2}$/)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Desfazer o check-in de Marina Experimental' }),
  ).toBeVisible();
  await page.reload();
  await expect(row.getByText(/^Check-in às \d{2}:\d{2}$/)).toBeVisible();
  await expect(status).toHaveValue('CONFIRMED');

  // A session with check-ins stays where it is: no Move any more.
  await expect(page.getByRole('button', { name: /^Remarcar / })).toHaveCount(0);

  // The schedules list on a phone: a card per schedule, no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/org/${organizationId}/schedules`);
  await expect(page.getByRole('heading', { name: 'Reformer Iniciante' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
