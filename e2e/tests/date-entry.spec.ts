import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { typedDate } from '../support/date-entry.ts';
import { createScheduleViaApi, localDate, signUpWithOrganization } from '../support/organization.ts';

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

async function chooseOnCalendar(page: Page, field: string, expected: { from: string; to: string }) {
  const button = page.getByRole('button', { name: 'Abrir calendário' });
  await button.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Calendário' });
  await expect(calendar).toBeVisible();
  // The week of a Brazilian calendar starts on Monday, named in Portuguese.
  await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('segunda-feira');
  // It opens on the date typed, the focus on it; the arrow moves a day and Enter chooses.
  await expect(calendar.getByRole('button', { name: fullDate(expected.from) })).toBeFocused();
  const box = await calendar.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect(calendar.getByRole('button', { name: fullDate(expected.to) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page.getByLabel(field, { exact: true })).toHaveValue(typedDate(expected.to, 'pt_BR'));
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
  await chooseOnCalendar(page, 'Data', { from: localDate(10), to: localDate(11) });

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

  // The same values in English: month first, and the times 12-hour as the English app shows them.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByLabel('Idioma').first().selectOption('en_US');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(typedDate(localDate(11), 'en_US'));
  await expect(page.getByLabel('Date', { exact: true })).toHaveAttribute('placeholder', 'mm/dd/yyyy');
  await expect(page.getByLabel('Start time')).toHaveValue('7:30 PM');
  await expect(page.getByLabel('End time')).toHaveValue('8:30 PM');
});
