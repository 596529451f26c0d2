import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's findings of impact serious or critical, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')} — first: ${violation.nodes[0]?.html} ${violation.nodes[0]?.failureSummary ?? ''}`,
    );
}

const THEMES = ['light', 'dark'] as const;

/**
 * Issue #27 item 22: the screen as it is now has no serious or critical axe violation, in the light and the
 * dark theme. Called by the journeys where they already stand on a main screen, so no sweep of its own is
 * run; the journey's viewport (1366 or 390 px) is the one checked. Transitions are stopped while checking,
 * so colours are read at their final value, and the journey's own theme is put back.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const html = page.locator('html');
  const theme = await html.getAttribute('data-theme');
  const freeze = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    for (const checked of THEMES) {
      await page.evaluate((name) => document.documentElement.setAttribute('data-theme', name), checked);
      expect(await seriousViolations(page), `${screen} in the ${checked} theme`).toEqual([]);
    }
  } finally {
    await page.evaluate((name) => {
      if (name) document.documentElement.setAttribute('data-theme', name);
    }, theme);
    await freeze.evaluate((tag) => (tag as Element).remove());
  }
}
