import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';

/**
 * The Content-Security-Policy the server sends is one the app really runs under: every page of the public
 * site, the sign-in screens, the signed-in app and the API reference load with no violation (issue #16).
 */

async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test('public pages, the app and the API reference run under the Content-Security-Policy', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  for (const path of ['/', '/about', '/privacy-policy', '/sign-in']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    await expect(page.locator('main, #root').first()).toBeVisible();
  }

  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Cecília');
  await page.getByLabel('Last name').fill('Segura');
  await page.getByLabel('Email').fill(`csp-${randomUUID()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('violet kettle orbit');
  await page.getByLabel('Confirm password').fill('violet kettle orbit');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

  await page.goto('/api/docs');
  await expect(page.getByText('Reformer API').first()).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();

  expect(violations).toEqual([]);
});
