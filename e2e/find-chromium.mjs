// Finds a Chromium for the browser tests, installing one when none is there: Debian's `chromium` package
// where apt-get is available (this network blocks browser downloads), Playwright's own download elsewhere.
// It never lets the browser tests be skipped silently: no browser means a failing run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The browser to launch, or undefined when Playwright's own downloaded build should be used. */
export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
    return configured;
  }
  return CANDIDATES.find((path) => existsSync(path));
}

function hasPlaywrightBrowser() {
  try {
    const output = execFileSync('npx', ['playwright', 'install', '--dry-run', 'chromium'], {
      encoding: 'utf8',
    });
    const location = /Install location:\s+(\S+)/.exec(output)?.[1];
    return Boolean(location && existsSync(location));
  } catch {
    return false;
  }
}

function install() {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian’s chromium package…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const apt = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
    if (apt.status === 0 && findChromium()) return;
  }
  console.log('Installing Playwright’s Chromium…');
  const download = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  if (download.status !== 0) {
    throw new Error(
      'No Chromium available for the browser tests. Install one (apt-get install chromium) or set CHROMIUM_PATH.',
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!findChromium() && !hasPlaywrightBrowser()) install();
  console.log(`Browser tests use ${findChromium() ?? 'Playwright’s Chromium'}`);
}
