// Lighthouse (mobile settings: its simulated slow 4G and 4× CPU slowdown) in Debian's Chromium, for the
// benches of pages a visitor or a customer opens on a phone (bench/public-site.mjs, bench/portal.mjs).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// chrome-launcher comes with lighthouse (its own dependency).
const chromeLauncher = await import(
  require.resolve('chrome-launcher', { paths: [require.resolve('lighthouse')] })
);
const { default: lighthouse } = await import('lighthouse');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function runLighthouse(url, port) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    undefined,
  );
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    fcp: audits['first-contentful-paint'].numericValue,
    lhr: result.lhr,
  };
}

/** `runs` Lighthouse runs of `url` in one Chromium, each printed as it ends; the browser is closed after. */
export async function lighthouseRuns(url, runs) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      const figures = await runLighthouse(url, chrome.port);
      results.push(figures);
      console.log(
        `  run ${run}: performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
          `LCP ${figures.lcp.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, TBT ${figures.tbt.toFixed(0)} ms, ` +
          `FCP ${figures.fcp.toFixed(0)} ms`,
      );
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

/** Audits that cost points, so a low score says what to fix. */
export function printWeakAudits(lhr) {
  for (const id of ['performance', 'accessibility']) {
    const weak = lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 0.9);
    if (weak.length === 0) continue;
    console.log(`  ${id}: audits below 0.9 in the median run:`);
    for (const audit of weak) {
      console.log(`    - ${audit.id} (${audit.score}): ${audit.displayValue ?? audit.title}`);
    }
  }
}
