import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { callApi, createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * The health questionnaire (issue #29, decision 044): the owner asks for the PAR-Q+ in Settings; the customer
 * opens their portal link on a phone in Portuguese, gives the specific consent to the processing of health
 * data, is told which answers are missing, answers and sends — and cannot read the answers back. Staff see on
 * the customer's page that it arrived; the owner (who may see and edit records) finds the draft with its
 * badge and PAR-Q+ flag, completes it and accepts it into the chart.
 */

test('a customer consents and answers the PAR-Q+ in the portal; staff complete and accept the draft', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const studioName = `Studio ${randomUUID().slice(0, 8)}`;
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Clara', lastName: 'Saúde' },
    studioName,
  );
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

  // Settings → Health questionnaire: the PAR-Q+.
  await page.goto(`/app/org/${organizationId}/settings?tab=healthQuestionnaire`);
  const settings = page.getByRole('region', { name: 'Questionário de saúde' });
  await expect(settings.getByRole('radio', { name: /^Nenhum/ })).toBeChecked();
  await settings.getByRole('radio', { name: /^PAR-Q\+/ }).check();
  await settings.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Questionário salvo')).toBeVisible();

  const customer = await createCustomerViaApi(page, organizationId, 'Paula', 'Questionário');
  const { url } = await callApi<{ url: string }>(
    page,
    `/organizations/${organizationId}/customers/${customer.id}/class-link`,
    {},
  );
  const link = new URL(url);

  // The customer's phone, in Portuguese.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const portal = await phone.newPage();
  await portal.goto(`${link.pathname}${link.hash}`);
  const questionnaire = portal.getByRole('region', { name: 'Questionário de saúde' });
  await expect(questionnaire.getByTestId('health-consent-text')).toHaveText(
    new RegExp(`^Autorizo ${studioName} `),
  );
  const consent = questionnaire.getByRole('button', { name: 'Dou meu consentimento' });
  await expect(consent).toBeDisabled();
  await questionnaire.getByRole('checkbox', { name: /Li o texto acima e consinto/ }).check();
  await consent.click();

  // The seven questions; sending with one unanswered says which.
  const questions = questionnaire.getByTestId('questionnaire-question');
  await expect(questions).toHaveCount(7);
  await expectAccessible(portal, 'the portal’s health questionnaire');
  for (let index = 0; index < 6; index += 1) {
    const answer = index === 4 ? 'Sim' : 'Não';
    await questions.nth(index).getByRole('radio', { name: answer }).check();
  }
  await questionnaire.getByRole('button', { name: 'Enviar questionário' }).click();
  await expect(questionnaire.getByText('Algumas perguntas ainda precisam de resposta.')).toBeVisible();
  await expect(questions.nth(6).getByText('Este campo é obrigatório')).toBeVisible();
  await questions.nth(6).getByRole('radio', { name: 'Não' }).check();
  await questionnaire.getByRole('button', { name: 'Enviar questionário' }).click();
  await expect(questionnaire.getByRole('status')).toContainText(/^Questionário enviado em .+\. Obrigado!/);
  // Sent is sent: after a reload the answers are not shown back.
  await portal.reload();
  await expect(
    portal.getByRole('region', { name: 'Questionário de saúde' }).getByRole('status'),
  ).toBeVisible();
  await expect(portal.getByTestId('questionnaire-question')).toHaveCount(0);
  await phone.close();

  // Staff: the customer's page says it arrived; the draft is in the chart with its badge.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=makeUpCredits`);
  await expect(page.getByTestId('health-questionnaire-status')).toContainText(/^Recebido em /);
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=medicalRecords`);
  const records = page.getByRole('region', { name: 'Prontuário' });
  const draftLink = records.getByRole('link', { name: /Questionário de saúde do portal \(PAR-Q\+\)/ });
  await expect(draftLink.getByTestId('record-draft-badge')).toHaveText('Rascunho do portal');
  await draftLink.click();
  await expect(page.getByRole('note')).toContainText('O cliente respondeu isto pelo portal');
  const parQ = page.getByRole('region', { name: /Prontidão PAR-Q\+/ });
  await expect(parQ.getByText('PAR-Q+: ao menos um "sim" — revisar antes da primeira aula')).toBeVisible();

  // Completed by the professional: the main reason, then accepted into the chart.
  await page.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('checkbox', { name: 'Dor', exact: true }).check();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page, 'atualizado')).toBeVisible();
  await expect(page.getByTestId('record-draft-badge')).toBeVisible();
  await page.getByRole('button', { name: 'Aceitar rascunho' }).click();
  await expect(toast(page, 'Rascunho aceito no prontuário')).toBeVisible();
  await expect(page.getByTestId('record-draft-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Aceitar rascunho' })).toHaveCount(0);
});
