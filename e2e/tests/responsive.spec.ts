import { expect, type Locator, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  signUpWithOrganization,
} from '../support/organization.ts';
import { expectNoSideScroll } from '../support/page-checks.ts';

/**
 * The lists on a phone (390 px) and a laptop (1366 px): customers, staff with a pending invitation,
 * schedules, enrollments and payments. No page scrolls sideways, every row action is on screen (not clipped by its
 * table), long e-mails wrap as words, phones read as written in Brazil, and on a phone the header is one
 * short row that still reaches language, theme and account.
 */

const OWNER = { firstName: 'Lara', lastName: 'Largura' };
const CUSTOMER = { firstName: 'Maria Aparecida', lastName: 'dos Santos Oliveira' };
const CUSTOMER_EMAIL = 'maria.aparecida.dos.santos.oliveira@estudio-exemplo.com.br';
const INVITED_EMAIL = 'fernanda.cristina.rodrigues.pereira@clinica-fisioterapia-exemplo.com.br';
const SCHEDULE = 'Reformer Intermediário Manhã';

/** The table and the cards are both in the page, one of them hidden by the width: the one shown. */
function shown(locator: Locator): Locator {
  return locator.filter({ visible: true });
}

/**
 * Each action is shown whole: inside the viewport's width and inside every box that could clip it (a table
 * scrolled sideways in its card hides the actions past its edge). Measured before anything scrolls.
 */
async function expectActionsOnScreen(actions: Locator[]) {
  for (const action of actions) {
    await expect(action).toBeVisible();
    const clippedBy = await action.evaluate((element) => {
      const box = element.getBoundingClientRect();
      if (box.left < 0 || box.right > document.documentElement.clientWidth) return 'the viewport';
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const limit = parent.getBoundingClientRect();
        if (box.left < limit.left - 0.5 || box.right > limit.right + 0.5)
          return parent.outerHTML.slice(0, 80);
      }
      return null;
    });
    expect(clippedBy, `${action} is cut off by ${clippedBy}`).toBeNull();
  }
  for (const action of actions) {
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport({ ratio: 1 });
  }
}

/** A long e-mail wraps between words when it must, never a letter or two per line. */
async function expectReadableEmail(email: Locator) {
  const box = await email.boundingBox();
  expect(box?.width ?? 0, 'the e-mail is squeezed into a narrow column').toBeGreaterThan(200);
}

// In Portuguese, where the labels are longest (the staff actions were cut off at 1366 px in it).
for (const width of [390, 1366]) {
  test(`at ${width} px the customers, staff, schedules, enrollments and payments lists fit with every action on screen`, async ({
    page,
  }) => {
    // Five screens, each checked for its layout and accessibility: 50 s alone at load average 10, over the
    // 60 s default twice when the whole suite shared the machine with another test run.
    test.setTimeout(150_000);
    const organizationId = await signUpWithOrganization(page, OWNER, `Estúdio Largura ${width}`);
    const customerRecord = await createCustomerViaApi(
      page,
      organizationId,
      CUSTOMER.firstName,
      CUSTOMER.lastName,
      {
        email: CUSTOMER_EMAIL,
        phone: '11987654321',
        isWhatsapp: true,
      },
    );
    const schedule = await createScheduleViaApi(page, organizationId, SCHEDULE);
    // A quarter's price: a payment for more than its cycle owes is refused (decision 028).
    const plan = await createPlanViaApi(page, organizationId, 'Plano Trimestral Reformer', {
      billingCycle: 'QUARTERLY',
      priceCents: 74_700,
    });
    const enrollment = await callApi(page, `/organizations/${organizationId}/enrollments`, {
      customerId: customerRecord.id,
      planId: plan.id,
      scheduleId: schedule.id,
      startDate: new Date().toISOString().slice(0, 10),
    });
    await callApi(page, `/organizations/${organizationId}/payments`, {
      customerId: customerRecord.id,
      enrollmentId: enrollment.id,
      amountCents: 74_700,
      currency: 'BRL',
      paidOn: new Date().toISOString().slice(0, 10),
      method: 'PIX',
      status: 'COMPLETED',
    });
    await callApi(page, `/organizations/${organizationId}/staff/invite`, {
      email: INVITED_EMAIL,
      role: 'ORG_MANAGER',
    });
    await page.getByLabel('Language').first().selectOption('pt_BR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await page.setViewportSize({ width, height: width < 768 ? 844 : 768 });
    const orgPath = `/app/org/${organizationId}`;

    await page.goto(`${orgPath}/customers`);
    const customer = page.getByRole('link', { name: `${CUSTOMER.firstName} ${CUSTOMER.lastName}` });
    await expect(customer).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height ?? Number.POSITIVE_INFINITY, 'the header is one compact row').toBeLessThan(80);
    await expectNoSideScroll(page);
    await expect(shown(page.getByText('(11) 98765-4321', { exact: true }))).toBeVisible();
    await expectReadableEmail(shown(page.getByText(CUSTOMER_EMAIL, { exact: true })));
    await expectActionsOnScreen([customer]);
    await expectAccessible(page, `the customers at ${width} px`);

    await page.goto(`${orgPath}/staff`);
    const members = page.getByRole('region', { name: 'Membros' });
    const invitations = page.getByRole('region', { name: 'Convites pendentes' });
    const invitedEmail = shown(invitations.getByText(INVITED_EMAIL, { exact: true }));
    await expect(invitedEmail).toBeVisible();
    await expectNoSideScroll(page);
    await expectReadableEmail(invitedEmail);
    const ownerName = `${OWNER.firstName} ${OWNER.lastName}`;
    await expectActionsOnScreen([
      members.getByRole('button', { name: `Alterar a função de ${ownerName}` }),
      members.getByRole('button', { name: `Editar as funções de ${ownerName} nos estabelecimentos` }),
      invitations.getByRole('button', { name: `Copiar o link do convite de ${INVITED_EMAIL}` }),
      invitations.getByRole('link', { name: `Enviar o convite de ${INVITED_EMAIL} pelo WhatsApp` }),
      invitations.getByRole('button', { name: `Reenviar o convite de ${INVITED_EMAIL}` }),
      invitations.getByRole('button', { name: `Revogar o convite de ${INVITED_EMAIL}` }),
    ]);
    await expectAccessible(page, `the staff at ${width} px`);

    await page.goto(`${orgPath}/schedules`);
    const edit = page.getByRole('link', { name: `Editar ${SCHEDULE}` });
    await expect(edit).toBeVisible();
    await expectNoSideScroll(page);
    await expectActionsOnScreen([
      edit,
      page.getByRole('button', { name: 'Desativar', exact: true }),
      page.getByRole('button', { name: `Excluir ${SCHEDULE}` }),
    ]);
    await expectAccessible(page, `the schedules at ${width} px`);

    await page.goto(`${orgPath}/enrollments`);
    const customerName = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;
    const view = page.getByRole('link', { name: `Ver a matrícula de ${customerName} em ${SCHEDULE}` });
    await expect(shown(view)).toBeVisible();
    await expectNoSideScroll(page);
    await expectActionsOnScreen([
      shown(view),
      shown(page.getByRole('link', { name: `Editar a matrícula de ${customerName}` })),
    ]);
    await expectAccessible(page, `the enrollments at ${width} px`);

    await page.goto(`${orgPath}/payments`);
    const pixCode = page.getByRole('button', {
      name: new RegExp(`^Mostrar o código PIX do pagamento de ${customerName}`),
    });
    await expect(shown(pixCode)).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Totais em BRL' })).toContainText('R$ 747,00');
    await expectNoSideScroll(page);
    await expectActionsOnScreen([
      shown(pixCode),
      shown(page.getByRole('link', { name: new RegExp(`^Editar o pagamento de ${customerName}`) })),
      shown(page.getByRole('button', { name: new RegExp(`^Estornar o pagamento de ${customerName}`) })),
      shown(page.getByRole('button', { name: new RegExp(`^Excluir o pagamento de ${customerName}`) })),
    ]);
    await expectAccessible(page, `the payments at ${width} px`);

    // On a phone the filters fold behind "Filtros", so the first screen shows the rows (#27 item 14).
    for (const [path, legend] of [
      ['payments', 'Filtrar pagamentos'],
      ['attendance', 'Filtrar aulas'],
    ] as const) {
      await page.goto(`${orgPath}/${path}`);
      const filters = page.getByRole('group', { name: legend });
      const fold = page.getByRole('button', { name: 'Filtros' });
      if (width >= 640) {
        await expect(filters).toBeVisible();
        await expect(fold).toBeHidden();
        continue;
      }
      await expect(filters).toBeHidden();
      await fold.click();
      await expect(fold).toHaveAttribute('aria-expanded', 'true');
      await expect(filters).toBeVisible();
      // A choice's text stops before the select's arrow instead of running under it.
      for (const select of await filters.getByRole('combobox').all())
        expect(
          await select.evaluate((element) => parseFloat(getComputedStyle(element).paddingInlineEnd)),
        ).toBeGreaterThanOrEqual(32);
    }

    // Language, theme and account stay reachable: in the header on a laptop, in the account menu on a phone.
    await page.goto(`${orgPath}/customers`);
    await expect(page).toHaveTitle(`Clientes · Estúdio Largura ${width} · Reformer`);
    const language = page.getByRole('combobox', { name: 'Idioma' });
    const account = page.getByRole('button', { name: new RegExp(ownerName) });
    if (width < 768) {
      await expect(language).toBeHidden();
      await account.click();
    }
    await page.getByRole('combobox', { name: 'Tema' }).selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await language.selectOption('en_US');
    await expect(page).toHaveTitle(`Customers · Estúdio Largura ${width} · Reformer`);
    if (width >= 768) await account.click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });
}
