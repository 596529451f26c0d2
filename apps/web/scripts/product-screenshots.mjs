// `npx tsx apps/web/scripts/product-screenshots.mjs`: the landing page's screenshots, taken from the real app.
//   1. Starts the server as `npm start` does (bench/lib.mjs) on a temporary data folder and its own embedded
//      PostgreSQL, and seeds a sample studio through the API (./sample-studio.mjs).
//   2. Signs the owner in with Chromium (Playwright, the e2e suite's browser) and takes each screen of
//      src/features/landing/screenshots.ts at 1280 × 800 in each language, in the light theme.
//   3. Encodes each one as WebP, in Chromium itself (canvas), at every width the page offers, into
//      apps/web/public/screenshots/<id>-<language>-<width>.webp, which the build copies to the site.
// Run with tsx: it reads the list of screens from the TypeScript the page renders. Every process and folder
// it creates is removed at the end.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { LANGUAGES } from '@reformer/domain/preferences';
import { onInterrupt, startApiServer, stopChild } from '../../../bench/lib.mjs';
import { findChromium } from '../../../e2e/find-chromium.mjs';
import {
  SCREENSHOT_SIZE,
  SCREENSHOT_WIDTHS,
  SCREENSHOTS,
  screenshotPath,
} from '../src/features/landing/screenshots.ts';
import { seedSampleStudio } from './sample-studio.mjs';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const WEBP_QUALITY = 0.8;

/** How to reach each screen once signed in, and what shows its data has arrived. */
const SCREENS = {
  dashboard: async (page, studio) => {
    await page.goto(`/app/org/${studio.organizationId}`);
    await page.getByText(studio.sessionName).filter({ visible: true }).first().waitFor();
  },
  schedules: async (page, studio) => {
    await page.goto(`/app/org/${studio.organizationId}/attendance?view=week`);
    await page.getByText(studio.sessionName).filter({ visible: true }).first().waitFor();
  },
  session: async (page, studio) => {
    await page.goto(`/app/org/${studio.organizationId}/attendance/session/${studio.sessionId}`);
    await page.getByText(studio.sessionCustomer).filter({ visible: true }).first().waitFor();
  },
  payment: async (page, studio) => {
    await page.goto(`/app/org/${studio.organizationId}/payments`);
    await page
      .getByRole('button', { name: new RegExp(studio.pending.name) })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('img').waitFor();
  },
};

/** Once the screen's data is there: no request in flight, no spinner left, fonts drawn, no hover. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
}

/** The PNG, scaled to `width` and encoded as WebP by Chromium's own encoder. */
async function toWebp(encoder, png, width) {
  const dataUrl = await encoder.evaluate(
    async ({ source, width, height, quality }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality);
    },
    {
      source: `data:image/png;base64,${png.toString('base64')}`,
      width,
      height: Math.round((width * SCREENSHOT_SIZE.height) / SCREENSHOT_SIZE.width),
      quality: WEBP_QUALITY,
    },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP');
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function signIn(page, owner) {
  await page.goto('/sign-in');
  await page.locator('input[type="email"]').fill(owner.email);
  await page.locator('input[type="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/app\//);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'reformer-screenshots-'));
  let server = null;
  let browser = null;
  const cleanup = onInterrupt(async () => {
    await browser?.close();
    if (server) await stopChild(server.started, 15_000);
    await rm(dataDir, { recursive: true, force: true });
  });
  try {
    server = await startApiServer({
      dataDir,
      databaseUrl: '',
      authSecret: 'product-screenshots-secret-long-enough-for-better-auth',
    });
    console.log(`Server on ${server.base}; seeding the sample studio through the API…`);
    const studio = await seedSampleStudio(server);
    browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
    const encoder = await browser.newPage();
    await mkdir(join(publicDir, 'screenshots'), { recursive: true });
    for (const language of LANGUAGES) {
      const context = await browser.newContext({
        baseURL: server.base,
        viewport: SCREENSHOT_SIZE,
        deviceScaleFactor: 1,
        locale: language.replace('_', '-'),
        timezoneId: 'America/Sao_Paulo',
      });
      await context.addInitScript((chosen) => {
        localStorage.setItem('reformer.language', chosen);
        localStorage.setItem('reformer.theme', 'light');
      }, language);
      const page = await context.newPage();
      await signIn(page, studio.owner);
      for (const id of SCREENSHOTS) {
        await SCREENS[id](page, studio);
        await settle(page);
        const png = await page.screenshot({ type: 'png' });
        for (const width of SCREENSHOT_WIDTHS) {
          const file = join(publicDir, screenshotPath(id, language, width));
          const webp = await toWebp(encoder, png, width);
          await writeFile(file, webp);
          console.log(`  ${file}: ${(webp.length / 1024).toFixed(1)} KB`);
        }
      }
      await context.close();
    }
  } finally {
    await cleanup();
  }
}

await main();
