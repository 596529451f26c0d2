import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * A customer's clinical chart in Portuguese: the owner fills an anamnesis and a periodic evaluation through
 * their lettered sections (what was typed stays when going back), sees the thresholds flagged as typed,
 * reads both as summaries, edits the evaluation, finds it in the evolution table and the audit trail.
 */

const OWNER = { firstName: 'Clara', lastName: 'Clínica' };

async function openNewRecord(page: Page, organizationId: string, customerId: string, type: string) {
  await page.goto(`/app/org/${organizationId}/customers/${customerId}/details?tab=medicalRecords`);
  await expect(page.getByRole('tab', { name: 'Prontuários' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'Novo registro' }).click();
  await expect(page.getByRole('heading', { name: 'Escolha o tipo de registro' })).toBeVisible();
  await page.getByRole('link', { name: type, exact: true }).click();
  await expect(page.getByRole('form', { name: type })).toBeVisible();
}

async function nextSection(page: Page, expected: string) {
  await page.getByRole('button', { name: 'Próxima seção' }).click();
  await expect(page.getByText(expected, { exact: true })).toBeVisible();
}

// A device far from the studio: the times it shows must still be the studio's.
test.use({ timezoneId: 'Asia/Tokyo' });

test('fill, save, view and edit an anamnesis and a periodic evaluation; the owner sees the audit trail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const startedAt = new Date();
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const customer = await createCustomerViaApi(page, organizationId, 'Renata', 'Reabilitação');
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

  // Anamnesis: the title is required; section A's pain of 8 is flagged as typed, C's alcohol too.
  await openNewRecord(page, organizationId, customer.id, 'Anamnese');
  await expect(page.getByText('Seção 1 de 5', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(page.getByLabel('Título')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
  await page.getByLabel('Título').fill('Anamnese inicial');
  await page.getByRole('checkbox', { name: 'Dor', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Lombar', exact: true }).check();
  await page.getByLabel('Intensidade da dor (0–10)').fill('8');
  await expect(page.getByText('Dor intensa (7 a 10)')).toBeVisible();
  await nextSection(page, 'Seção 2 de 5');
  await nextSection(page, 'Seção 3 de 5');
  await page.getByLabel('Álcool (doses por semana)').fill('20');
  await expect(page.getByText('Álcool acima de 14 doses por semana')).toBeVisible();
  // Back to A: what was ticked is still there.
  await page.getByRole('button', { name: 'Seção anterior' }).click();
  await page.getByRole('button', { name: 'Seção anterior' }).click();
  await expect(page.getByRole('checkbox', { name: 'Lombar', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(toast(page, 'Registro "Anamnese inicial" salvo.')).toBeVisible();

  // The summary: labels and chosen options, the flags highlighted.
  await expect(page.getByRole('heading', { name: 'Anamnese inicial', level: 1 })).toBeVisible();
  const complaint = page.getByRole('region', { name: 'A. Queixa principal' });
  await expect(complaint.getByText('Motivo principal da procura')).toBeVisible();
  await expect(complaint.getByText('Dor', { exact: true })).toBeVisible();
  await expect(complaint.getByText('Região do corpo')).toBeVisible();
  await expect(complaint.getByText('Lombar', { exact: true })).toBeVisible();
  await expect(complaint.getByText('Dor intensa (7 a 10)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();

  // Physical evaluation: the BMI is worked out as the measures are typed, written the Brazilian way.
  await openNewRecord(page, organizationId, customer.id, 'Avaliação física');
  await page.getByLabel('Título').fill('Avaliação inicial');
  await page.getByLabel('Altura (cm)').fill('168');
  await page.getByLabel('Peso (kg)').fill('72');
  await expect(page.getByLabel('IMC (kg/m²)')).toContainText('25,5');
  await page.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(toast(page, 'Registro "Avaliação inicial" salvo.')).toBeVisible();
  await expect(page.getByText('25,5 kg/m²')).toBeVisible();

  // Periodic evaluation: A, B and D filled through the steps.
  await openNewRecord(page, organizationId, customer.id, 'Reavaliação periódica');
  await expect(page.getByText('Seção 1 de 9', { exact: true })).toBeVisible();
  await page.getByLabel('Título').fill('Reavaliação de março');
  await page.getByLabel('Semanas desde a última avaliação').selectOption({ label: '2 semanas' });
  await nextSection(page, 'Seção 2 de 9');
  await page.getByLabel('Dor média nas últimas 24 h').selectOption({ label: 'Moderada (4 a 6)' });
  await page.getByLabel('Nota da dor (0–10)').fill('5');
  await nextSection(page, 'Seção 3 de 9');
  await nextSection(page, 'Seção 4 de 9');
  await page.getByLabel('Prancha (s)').fill('15');
  await expect(page.getByText('Resistência do core baixa (prancha abaixo de 20 s)')).toBeVisible();
  await page.getByLabel('Isquiotibiais, esquerda (°)').fill('60');
  await expect(page.getByText('Encurtamento dos isquiotibiais (abaixo de 70°)')).toBeVisible();
  await nextSection(page, 'Seção 5 de 9');
  await nextSection(page, 'Seção 6 de 9');
  await page.getByLabel('Objetivos', { exact: true }).selectOption({ label: 'Parcialmente atingidos' });
  await page.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(toast(page, 'Registro "Reavaliação de março" salvo.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reavaliação de março', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'D. Reavaliação objetiva' }).getByText('15 s')).toBeVisible();

  // Edit: the plank now 65 s, praised rather than flagged.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('Título')).toHaveValue('Reavaliação de março');
  await page.getByRole('button', { name: /^D\. Reavaliação objetiva/ }).click();
  await expect(page.getByText('Seção 4 de 9', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Prancha (s)')).toHaveValue('15');
  await page.getByLabel('Prancha (s)').fill('65');
  await expect(page.getByText('Boa resistência do core (prancha de 60 s ou mais)')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page, 'Registro "Reavaliação de março" atualizado.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'D. Reavaliação objetiva' }).getByText('65 s')).toBeVisible();

  // The tab: both records, the evaluation in the evolution table, and the owner's audit trail.
  await page.getByRole('link', { name: 'Voltar aos prontuários do cliente' }).click();
  const records = page.getByRole('region', { name: 'Prontuário' });
  await expect(records.getByRole('link', { name: /Anamnese inicial/ })).toBeVisible();
  await expect(records.getByRole('link', { name: /Reavaliação de março/ })).toBeVisible();
  const evolution = page.getByRole('region', { name: 'Evolução' });
  await expect(evolution.getByRole('row').nth(1)).toContainText('65 s');
  await expect(evolution.getByRole('row').nth(1)).toContainText('Parcialmente atingidos');
  const audit = page.getByRole('region', { name: 'Histórico de acessos' });
  await expect(audit.getByRole('row', { name: /Editou/ })).toBeVisible();
  await expect(audit.getByRole('row', { name: /Criou/ }).first()).toContainText('Clara');
  await expectAccessible(page, 'a customer’s medical records');
  // Its times are the studio's (São Paulo), as everywhere in the app, not the device's.
  const studioHour = (instant: Date) =>
    new Intl.DateTimeFormat('pt-BR', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/Sao_Paulo',
    }).format(instant);
  const hours = [...new Set([studioHour(startedAt), studioHour(new Date())])].join('|');
  await expect(audit.getByRole('row', { name: /Criou/ }).first()).toContainText(
    new RegExp(`(${hours}):\\d\\d`),
  );
});

test('a clinical form keeps its work: leaving asks first, the draft survives a reload, saving clears it', async ({
  page,
}) => {
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const customer = await createCustomerViaApi(page, organizationId, 'Diana', 'Draft');
  const newAnamnesis = `/app/org/${organizationId}/customers/${customer.id}/medical-records/new?type=ANAMNESIS`;
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=medicalRecords`);
  await page.getByRole('link', { name: 'New record' }).click();
  await page.getByRole('link', { name: 'Anamnesis', exact: true }).click();
  const form = page.getByRole('form', { name: 'Anamnesis' });
  await form.getByLabel('Title').fill('Kept anamnesis');
  await form.getByLabel('Pain intensity (0–10)').fill('6');
  await expectAccessible(page, 'the anamnesis form');

  // A sidebar link asks; staying keeps what was typed.
  await page
    .getByRole('navigation', { name: 'Organization navigation' })
    .getByRole('link', { name: 'Schedules' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/medical-records\/new/);
  await expect(form.getByLabel('Title')).toHaveValue('Kept anamnesis');

  // Back asks too; leaving keeps the work as a draft, restored on return with a notice.
  await page.goBack();
  await leave.getByRole('button', { name: 'Leave page' }).click();
  await expect(page.getByRole('heading', { name: 'Choose the record type' })).toBeVisible();
  await page.goto(newAnamnesis);
  const restored = page.getByRole('status').filter({ hasText: 'restored from a draft' });
  await expect(restored).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('Kept anamnesis');

  // A reload asks the browser's own question, and the draft is there again.
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    void dialog.accept();
  });
  await page.reload();
  await expect(restored).toBeVisible();
  await expect(form.getByLabel('Pain intensity (0–10)')).toHaveValue('6');

  // Discarding empties the form; a saved form leaves no draft and leaves without asking.
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await form.getByLabel('Title').fill('Saved anamnesis');
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByRole('heading', { name: 'Saved anamnesis', level: 1 })).toBeVisible();
  await page.goto(newAnamnesis);
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(restored).toBeHidden();

  // Signing out takes this browser's drafts with it: the next person here finds no clinical notes.
  const draftsKept = () =>
    page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('reformer.draft:')).length);
  await form.getByLabel('Title').fill('Never saved');
  await expect.poll(draftsKept).toBe(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: /Clara Clínica/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await draftsKept()).toBe(0);
});
