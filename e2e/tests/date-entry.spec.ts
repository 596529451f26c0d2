import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { typedDate } from '../support/date-entry.ts';
import { callApi, createScheduleViaApi, localDate, signUpWithOrganization } from '../support/organization.ts';

/**
 * Issue #27 item 15: a studio using the app in Portuguese on an ENGLISH browser. Native date and time inputs
 * follow the browser, so they showed mm/dd/yyyy and AM/PM; the fields now follow the app: dd/mm/aaaa and
 * 24-hour, typed as digits, or a date chosen on a calendar whose week starts on Monday — and the schedule saved
 * reads back the same way, and the American way once the app is switched to English.
 */
test.use({ locale: 'en-US' });

const SCHEDULE = 'Reformer Noturno';

/** A date in words, as the calendar's day buttons are named: "sexta-feira, 25 de dezembro de 2026". */
function fullDate(isoDate: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeZone: 'UTC' }).format(Date.parse(isoDate));
}

/** "26 de dez. de 2026", as lists show a date in Portuguese. */
function mediumDate(isoDate: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.parse(isoDate),
  );
}

/**
 * Opens the date field's calendar from the keyboard, checks it is a Brazilian one on the date typed, and
 * chooses the next day with the arrow key and Enter.
 */
async function chooseNextDayOnCalendar(page: Page, scope: Page | Locator, field: string, typed: string) {
  await scope.getByRole('button', { name: 'Abrir calendário' }).focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Calendário' });
  await expect(calendar).toBeVisible();
  // The week of a Brazilian calendar starts on Monday, named in Portuguese.
  await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('segunda-feira');
  await expect(calendar.getByRole('button', { name: fullDate(typed) })).toBeFocused();
  const box = await calendar.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
  expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
  await page.keyboard.press('ArrowRight');
  const next = addDay(typed);
  await expect(calendar.getByRole('button', { name: fullDate(next) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(scope.getByLabel(field, { exact: true })).toHaveValue(typedDate(next, 'pt_BR'));
}

function addDay(isoDate: string): string {
  return new Date(Date.parse(isoDate) + 86_400_000).toISOString().slice(0, 10);
}

/** The one session of a single-date schedule, through the API. */
async function sessionIdOf(page: Page, organizationId: string, date: string): Promise<string> {
  const query = new URLSearchParams({ from: date, to: date });
  const { items } = await callApi<{ items: { id: string; scheduleName: string }[] }>(
    page,
    `/organizations/${organizationId}/sessions?${query}`,
    {},
    'GET',
  );
  const session = items.find((item) => item.scheduleName === SCHEDULE);
  if (!session) throw new Error(`No session of ${SCHEDULE} on ${date}`);
  return session.id;
}

test('an English browser with the app in Portuguese: dates typed dd/mm/aaaa, times 24-hour, saved as typed', async ({
  page,
}) => {
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Rita', lastName: 'Rocha' },
    `Studio ${randomUUID().slice(0, 8)}`,
  );
  await createScheduleViaApi(page, organizationId, 'Reformer Manhã');
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/org/${organizationId}/schedules/new`);
  await expect(page.getByRole('heading', { name: 'Novo horário', level: 1 })).toBeVisible();

  await page.getByLabel('Nome', { exact: true }).fill(SCHEDULE);
  await page.getByLabel('Estabelecimento').selectOption({ index: 1 });
  await page.getByLabel('Instrutor').selectOption({ index: 1 });
  await page.getByLabel('Capacidade').fill('6');
  await page.getByLabel('Repetição').selectOption('SINGLE');

  // Times: 24-hour, the colon put in as the digits are typed.
  const start = page.getByLabel('Hora de início');
  await expect(start).toHaveAttribute('placeholder', 'hh:mm');
  await expect(start).toHaveAttribute('inputmode', 'numeric');
  await start.pressSequentially('1930');
  await expect(start).toHaveValue('19:30');
  await page.getByLabel('Hora de término').pressSequentially('2030');
  await expect(page.getByLabel('Hora de término')).toHaveValue('20:30');

  // A date: day first, the slashes put in; a day the calendar does not have is refused in words, not dropped.
  const date = page.getByLabel('Data', { exact: true });
  await expect(date).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await date.clear();
  await date.pressSequentially('31022027');
  await expect(date).toHaveValue('31/02/2027');
  await page.getByRole('button', { name: 'Criar horário' }).click();
  await expect(page.getByText('Informe uma data válida')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveValue('31/02/2027');
  await expectAccessible(page, 'the schedule form with its date and time fields');

  await date.clear();
  await date.pressSequentially(typedDate(localDate(10), 'pt_BR').replaceAll('/', ''));
  await expect(date).toHaveValue(typedDate(localDate(10), 'pt_BR'));
  await expect(page.getByText('Informe uma data válida')).toBeHidden();
  await chooseNextDayOnCalendar(page, page, 'Data', localDate(10));

  await page.getByRole('button', { name: 'Criar horário' }).click();
  await expect(page).toHaveURL(/\/schedules(\?|$)/);
  // A phone's card: the date written the Brazilian way, the times 24-hour.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SCHEDULE }) });
  await expect(card).toContainText(`Em ${mediumDate(localDate(11))} · 19:30 - 20:30`);

  // Read back after a reload: the date and times as they were typed.
  await page.getByRole('link', { name: `Editar ${SCHEDULE}` }).click();
  await page.reload();
  await expect(page.getByLabel('Data', { exact: true })).toHaveValue(typedDate(localDate(11), 'pt_BR'));
  await expect(page.getByLabel('Hora de início')).toHaveValue('19:30');
  await expect(page.getByLabel('Hora de término')).toHaveValue('20:30');
  const editUrl = page.url();

  // Moving its session: the same fields in a modal dialog. The calendar opens above it, and Escape closes the
  // calendar alone, giving the focus back to its button.
  await page.goto(
    `/app/org/${organizationId}/attendance/session/${await sessionIdOf(page, organizationId, localDate(11))}`,
  );
  await page.getByRole('button', { name: new RegExp(`^Remarcar ${SCHEDULE}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Remarcar aula' });
  await expect(dialog.getByLabel('Nova data')).toHaveValue(typedDate(localDate(11), 'pt_BR'));
  await expect(dialog.getByLabel('Hora de início')).toHaveValue('19:30');
  await dialog.getByRole('button', { name: 'Abrir calendário' }).click();
  await expect(page.getByRole('dialog', { name: 'Calendário' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Calendário' })).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Abrir calendário' })).toBeFocused();
  await chooseNextDayOnCalendar(page, dialog, 'Nova data', localDate(11));
  await dialog.getByLabel('Hora de início').fill('20:00');
  await dialog.getByLabel('Hora de término').fill('21:00');
  await dialog.getByRole('button', { name: 'Remarcar aula' }).click();
  await expect(page.getByText(/^Aula remarcada para .* às 20:00\.$/)).toBeVisible();

  // The schedule's values in English: month first, and the times 12-hour as the English app shows them.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(editUrl);
  await expect(page.getByLabel('Data', { exact: true })).toHaveValue(typedDate(localDate(11), 'pt_BR'));
  await page.getByLabel('Idioma').first().selectOption('en_US');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(typedDate(localDate(11), 'en_US'));
  await expect(page.getByLabel('Date', { exact: true })).toHaveAttribute('placeholder', 'mm/dd/yyyy');
  await expect(page.getByLabel('Start time')).toHaveValue('7:30 PM');
  await expect(page.getByLabel('End time')).toHaveValue('8:30 PM');
});
