import { randomUUID } from 'node:crypto';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';

/**
 * The public site (issues 5 and #27): landing, about and privacy policy, their links, preferences, what they
 * claim, their screenshots and script, a11y and layout.
 */

const PUBLIC_PATHS = ['/', '/about', '/privacy-policy', '/sign-in', '/sign-up'] as const;
const CONTENT_PATHS = ['/', '/about', '/privacy-policy'] as const;

/** Saved preferences, as the switchers store them, applied before the page's own scripts run. */
async function presetPreferences(page: Page, preferences: { theme?: string; language?: string }) {
  await page.addInitScript((saved) => {
    if (saved.theme) window.localStorage.setItem('reformer.theme', saved.theme);
    if (saved.language) window.localStorage.setItem('reformer.language', saved.language);
  }, preferences);
}

/** The page has rendered past the start-up spinner. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: /Main navigation|Navegação principal/ });
}

test('the navigation links the home, about and privacy policy pages', async ({ page }) => {
  await open(page, '/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Run your Pilates studio in one place' }),
  ).toBeVisible();
  for (const section of ['features', 'ai', 'pricing', 'faq']) {
    await expect(page.locator(`section#${section}`)).toBeVisible();
  }

  await mainNav(page).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About Reformer' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');

  await mainNav(page).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const statement of [
    'Account data: while your account is active, plus 3 years.',
    "Health records: 7 years after the client's last session.",
    'Payment data: 7 years.',
    'Technical logs: 12 months.',
    'Session recordings: 30 days.',
    'Our services are not aimed at people under 16.',
  ]) {
    await expect(page.getByText(statement, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/within 72 hours/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your rights under the LGPD' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Run your Pilates studio in one place' }),
  ).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await footer.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.getByRole('heading', { name: 'Simple monthly pricing' })).toBeInViewport();
});

/** What the site must not say of a feature the product has (issue #27); the catalogs are tested too. */
const NOT_BUILT_PHRASES =
  /on the roadmap|not available|under development|no roteiro|em construção|não está disponível/i;

test('the landing page says what the product does, in both languages', async ({ page }) => {
  await open(page, '/');
  const features = page.locator('section#features');
  for (const feature of [
    'Dashboard',
    'Schedules and week grid',
    'Attendance and check-in',
    'Plans and enrollments',
    'Payments and PIX',
    'Clinical records',
    'Reminders and class notices',
    'Make-up credits and waitlist',
    'Customers, import and export',
  ]) {
    await expect(features.getByRole('heading', { level: 3, name: feature, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Know who may leave, and why' })).toBeVisible();
  await expect(page.locator('section#ai').getByRole('heading', { name: 'Attendance falling' })).toBeVisible();
  await expect(
    page.getByText('Fewer check-ins a week in the last 4 weeks than in the 8 weeks before'),
  ).toBeVisible();
  await page.getByText('Can I bring my current client list?').click();
  await expect(page.getByText(/or an Excel \.xlsx workbook of up to 10 MB/)).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(NOT_BUILT_PHRASES);

  await page.getByLabel('Language').selectOption('pt_BR');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Saiba quem pode sair, e por quê' }),
  ).toBeVisible();
  await expect(
    page.locator('section#features').getByRole('heading', { name: 'Pagamentos e PIX', exact: true }),
  ).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(NOT_BUILT_PHRASES);
});

test('the screenshots come from the app, in the page language, lazy and sized in the markup', async ({
  page,
}) => {
  for (const [language, label] of [
    ['en_US', 'Language'],
    ['pt_BR', 'Idioma'],
  ] as const) {
    if (language === 'pt_BR') await page.getByLabel('Language').selectOption('pt_BR');
    else await open(page, '/');
    await expect(page.getByLabel(label)).toBeEnabled();
    const screenshots = page.getByTestId('product-screenshot');
    await expect(screenshots).toHaveCount(4);
    for (const screenshot of await screenshots.all()) {
      await expect(screenshot).toHaveAttribute('loading', 'lazy');
      await expect(screenshot).toHaveAttribute('width', '1280');
      await expect(screenshot).toHaveAttribute('height', '800');
      await expect(screenshot).toHaveAttribute('src', new RegExp(`-${language}-1280\\.webp$`));
      expect(await screenshot.getAttribute('alt')).toBeTruthy();
      await screenshot.scrollIntoViewIfNeeded();
      await expect
        .poll(() => screenshot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0);
    }
  }
});

test('the page loads one small script and no React: only the switches, menu, tour and links act', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await open(page, '/');
  await expect(page.getByLabel('Language')).toBeEnabled();
  expect(scripts).toHaveLength(1);
  const body = await (await page.request.get(scripts[0] ?? '')).text();
  expect(body.length).toBeLessThan(10_000);
  expect(body).not.toContain('react');
  // The stylesheet arrives in the page itself: nothing to wait for before the first paint.
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  expect(await page.locator('head style').count()).toBe(1);
});

test('the language switch changes the visible texts and the page language', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.getByLabel('Language').selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administre seu estúdio de Pilates em um só lugar' }),
  ).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Comece agora' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver demonstração' })).toBeVisible();
  await expect(page).toHaveTitle(/software de gestão para estúdios de Pilates/);

  await mainNav(page).getByRole('link', { name: 'Política de Privacidade' }).click();
  await expect(page.getByRole('heading', { name: 'Seus direitos pela LGPD' })).toBeVisible();
  await expect(page.getByText('Gravações de sessões: 30 dias.')).toBeVisible();

  await page.getByLabel('Idioma').selectOption('en_US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { name: 'Your rights under the LGPD' })).toBeVisible();
});

test('the theme switch sets data-theme and keeps it after a reload', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
});

test('the pricing figures render in both languages', async ({ page }) => {
  await open(page, '/');
  const prices = page.getByTestId('tier-price');
  await expect(prices).toHaveText(['R$249', 'R$499', 'R$749']);
  // Said once, for the eye and for the page's text alike: not "/month per month" (#27 item 14).
  await expect(prices.first().locator('xpath=..')).toHaveText('R$249 per month');
  await expect(page.getByRole('heading', { name: 'Studio Pro' })).toBeVisible();
  await expect(page.getByText('Multi-instructor support')).toBeVisible();

  await page.getByLabel('Language').selectOption('pt_BR');
  // pt-BR puts a no-break space between the symbol and the amount.
  await expect(prices).toHaveText(['R$\u00a0249', 'R$\u00a0499', 'R$\u00a0749']);
  await expect(page.getByText('Suporte a vários instrutores')).toBeVisible();
});

test('Watch demo opens the product tour, which walks to sign-up', async ({ page }) => {
  await open(page, '/');
  const watchDemo = page.getByRole('button', { name: 'Watch demo' });
  // Enabled by the page's script: the pre-rendered button cannot act before it.
  await expect(watchDemo).toBeEnabled();
  await watchDemo.click();
  const tour = page.getByRole('dialog', { name: 'Product tour' });
  await expect(tour).toBeVisible();
  await expect(tour.getByText('Step 1 of 8')).toBeVisible();
  await expect(tour.getByRole('progressbar', { name: 'Step 1 of 8' })).toBeVisible();
  await expect(tour.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Back' })).toBeHidden();
  for (let step = 2; step <= 8; step += 1) {
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByText(`Step ${step} of 8`)).toBeVisible();
    await expect(tour.getByRole('progressbar', { name: `Step ${step} of 8` })).toBeVisible();
  }
  await expect(tour.getByRole('heading', { name: 'Start each day on the dashboard' })).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Next' })).toBeHidden();
  await tour.getByRole('button', { name: 'Back' }).click();
  await expect(tour.getByText('Step 7 of 8')).toBeVisible();
  await expect(tour.getByRole('heading', { name: 'Keep clinical records' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();

  await watchDemo.click();
  await expect(tour.getByText('Step 1 of 8')).toBeVisible();
  await tour.getByRole('button', { name: 'Close tour' }).click();
  await expect(tour).toBeHidden();
  await watchDemo.click();
  for (let step = 2; step <= 8; step += 1) await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('link', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('Start now leads to sign-up and Access App to sign-in', async ({ page }) => {
  await open(page, '/');
  await mainNav(page).getByRole('link', { name: 'Start now' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Access App' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await open(page, '/');
  await page.getByRole('link', { name: 'Start free trial' }).first().click();
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('Access App leads to the app when signed in', async ({ page }) => {
  const password = 'correct horse battery';
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Paula');
  await page.getByLabel('Last name').fill('Public');
  await page.getByLabel('Email').fill(`public-${randomUUID()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/select-organization$/);

  await open(page, '/');
  // The pre-rendered page asks for the session once it has loaded its script, then retargets the link.
  const accessApp = mainNav(page).getByRole('link', { name: 'Access App' });
  await expect(accessApp).toHaveAttribute('href', '/app');
  await accessApp.click();
  await expect(page).toHaveURL(/\/app\/select-organization$/);
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
});

test('the pages arrive pre-rendered in the language of the cookie, readable without JavaScript', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Run your Pilates studio in one place' }),
  ).toBeVisible();
  await expect(page.getByTestId('tier-price')).toHaveText(['R$249', 'R$499', 'R$749']);

  await context.addCookies([{ name: 'reformer.language', value: 'pt_BR', url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page).toHaveTitle(/software de gestão para estúdios de Pilates/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administre seu estúdio de Pilates em um só lugar' }),
  ).toBeVisible();
  await expect(page.getByTestId('tier-price')).toHaveText(['R$\u00a0249', 'R$\u00a0499', 'R$\u00a0749']);
  await expect(page.getByRole('heading', { name: 'Studio Pro' })).toBeVisible();
  await expect(page.getByText('Suporte a vários instrutores')).toBeVisible();

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Seus direitos pela LGPD' })).toBeVisible();
  await context.close();
});

test('the language switch is kept for the pre-rendered pages the server sends', async ({ page, context }) => {
  await open(page, '/about');
  await page.getByLabel('Language').selectOption('pt_BR');
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre o Reformer' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'reformer.language')?.value).toBe('pt_BR');

  // The HTML itself is Portuguese now: no English first, then a switch.
  const response = await page.request.get('/about');
  expect(await response.text()).toContain('<html lang="pt-BR"');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre o Reformer' })).toBeVisible();
  await expect(page.getByLabel('Idioma')).toHaveValue('pt_BR');
});

test('the pre-rendered pages wire their switches without errors, in both languages and a saved theme', async ({
  page,
  context,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await presetPreferences(page, { theme: 'dark' });
  for (const [language, tag] of [
    ['pt_BR', 'pt-BR'],
    ['en_US', 'en-US'],
  ] as const) {
    await context.addCookies([{ name: 'reformer.language', value: language, url: baseURL ?? '' }]);
    for (const path of CONTENT_PATHS) {
      await open(page, path);
      // Enabled by the page's script: the switches cannot act before it.
      await expect(page.getByLabel(tag === 'pt-BR' ? 'Idioma' : 'Language')).toBeEnabled();
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByLabel(tag === 'pt-BR' ? 'Tema' : 'Theme')).toHaveValue('dark');
    }
  }
  expect(errors).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe in the ${theme} theme`, () => {
    for (const path of PUBLIC_PATHS) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await presetPreferences(page, { theme });
        await open(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // Closed FAQ answers are not rendered; open them so axe checks their text too.
        await page.evaluate(() => {
          for (const details of Array.from(document.querySelectorAll('details'))) details.open = true;
        });
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the product tour has no serious or critical violation', async ({ page }) => {
      await presetPreferences(page, { theme });
      await open(page, '/');
      await page.getByRole('button', { name: 'Watch demo' }).click();
      await expect(page.getByRole('dialog', { name: 'Product tour' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

/** Kept as a file in the test's output folder (test-results/…) and attached to the report. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ fullPage: true, path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

function horizontalOverflow(page: Page) {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
}

for (const path of PUBLIC_PATHS) {
  test(`${path} has no horizontal scroll at 360 px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await open(page, path);
    const scrollWidth = () => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(await scrollWidth()).toBeLessThanOrEqual(360);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The header folds its links behind a Menu button; opened, it must fit too.
    const menu = page.getByRole('button', { name: /^(Menu)$/ });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: 'Access App' })).toBeVisible();
    expect(await scrollWidth()).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await menu.click();
    await expect(mainNav(page).getByRole('link', { name: 'Access App' })).toBeHidden();

    if ((CONTENT_PATHS as readonly string[]).includes(path)) {
      await attachScreenshot(page, testInfo, `${path === '/' ? 'home' : path.slice(1)}-360px.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await scrollWidth()).toBeLessThanOrEqual(390);
      await attachScreenshot(page, testInfo, `${path === '/' ? 'home' : path.slice(1)}-390px.png`);
      await page.setViewportSize({ width: 1366, height: 768 });
      await expect(page.getByRole('button', { name: /^(Menu)$/ })).toBeHidden();
      expect(await scrollWidth()).toBeLessThanOrEqual(1366);
      await attachScreenshot(page, testInfo, `${path === '/' ? 'home' : path.slice(1)}-1366px.png`);
    }
  });
}
