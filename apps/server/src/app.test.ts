import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** Serving the built web app: pre-rendered public pages by language cookie, compression, caching. */

let t: TestApp;
let webDistDir: string;
// Past the compression threshold (1 KB), as real pages and assets are.
const filler = `<!-- ${'x'.repeat(2048)} -->`;

async function writeBuildFile(path: string, content: string) {
  await mkdir(join(webDistDir, path, '..'), { recursive: true });
  await writeFile(join(webDistDir, path), content);
}

beforeAll(async () => {
  webDistDir = await mkdtemp(join(tmpdir(), 'reformer-web-dist-'));
  await writeBuildFile('index.html', `<html>app shell${filler}</html>`);
  await writeBuildFile(
    'app-routes.json',
    JSON.stringify([
      '/',
      '/sign-in',
      '/app/select-organization',
      '/app/org/$orgId/customers/',
      '/app/org/$orgId/customers/$customerId/edit',
      '/my-classes/$token',
      '/waitlist-offers/$token',
    ]),
  );
  await writeBuildFile('assets/app-abc123.js', `console.log('app');${filler}`);
  for (const language of ['en_US', 'pt_BR']) {
    for (const file of ['index.html', 'about.html', 'privacy-policy.html', 'portal.html']) {
      await writeBuildFile(`prerendered/${language}/${file}`, `<html>${language} ${file}${filler}</html>`);
    }
  }
  t = await createTestApp({}, { webDistDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDistDir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}) {
  return t.app.request(path, { headers });
}

async function gunzippedText(response: Response): Promise<string> {
  return gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
}

describe('the pre-rendered public pages', () => {
  it("follows the browser's language on a first visit, and the visitor's choice after it", async () => {
    const portuguese = { 'accept-language': 'pt-BR,pt;q=0.9,en-US;q=0.8' };
    expect(await (await get('/', portuguese)).text()).toContain('pt_BR index.html');
    expect((await get('/', portuguese)).headers.get('vary')).toContain('Accept-Language');
    expect(await (await get('/about', { 'accept-language': 'fr-FR,de' })).text()).toContain(
      'en_US about.html',
    );
    const chosen = await get('/', { ...portuguese, cookie: 'reformer.language=en_US' });
    expect(await chosen.text()).toContain('en_US index.html');
  });

  it('answers each public page in the language of the cookie', async () => {
    const cases = [
      ['/', 'pt_BR', 'pt_BR index.html'],
      ['/about', 'pt_BR', 'pt_BR about.html'],
      ['/privacy-policy', 'en_US', 'en_US privacy-policy.html'],
    ] as const;
    for (const [path, language, expected] of cases) {
      const response = await get(path, { cookie: `other=1; reformer.language=${language}` });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toContain('Cookie');
      expect(await response.text()).toContain(expected);
    }
  });

  it('falls back to en_US without a cookie or with an unknown language', async () => {
    expect(await (await get('/')).text()).toContain('en_US index.html');
    const unknown = await get('/about', { cookie: 'reformer.language=fr_FR' });
    expect(await unknown.text()).toContain('en_US about.html');
  });

  it("answers the app's routes with the app (history fallback), and any other path 404 with the app", async () => {
    const routes = [
      '/sign-in',
      '/app/select-organization',
      '/app/org/42/customers/',
      '/app/org/42/customers/7/edit',
    ];
    for (const path of routes) {
      const response = await get(path, { cookie: 'reformer.language=pt_BR' });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('app shell');
    }
    for (const path of ['/nonexistent', '/app/org/42/nothing-here', '/app/org/42/customers/7/edit/more']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('app shell');
    }
  });
});

describe("the customer portal's entry", () => {
  it("answers its pages with its shell in the visitor's language, any other path under it 404 with the same", async () => {
    for (const path of ['/portal', '/portal/', '/portal/receipts/0193a8f0-0000-7000-8000-000000000001']) {
      const page = await get(path, { cookie: 'reformer.language=pt_BR' });
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('pt_BR portal.html');
    }
    expect(await (await get('/portal', { 'accept-language': 'en-US' })).text()).toContain(
      'en_US portal.html',
    );
    const unknown = await get('/portal/settings', { cookie: 'reformer.language=pt_BR' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('pt_BR portal.html');
  });

  it('keeps it out of caches, search engines and Referer headers, and varies by language', async () => {
    const page = await get('/portal');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('vary')).toContain('Accept-Language');
  });
});

describe('compression and caching of the web app', () => {
  it('gzips pages and assets for clients that accept it', async () => {
    const page = await get('/', {
      'accept-encoding': 'gzip, deflate, br',
      cookie: 'reformer.language=pt_BR',
    });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await gunzippedText(page)).toContain('pt_BR index.html');

    const asset = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Built by the static-file handler, outside the context: the security headers are added after it.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await gunzippedText(asset)).toContain("console.log('app')");

    const app = await get('/sign-in', { 'accept-encoding': 'gzip' });
    expect(app.headers.get('content-encoding')).toBe('gzip');
  });

  it("keeps the pages a customer's token link opens out of caches and search engines (issue #27)", async () => {
    for (const path of ['/my-classes/abc', '/waitlist-offers/abc']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-store');
      expect(page.headers.get('x-robots-tag'), path).toBe('noindex');
    }
    const app = await get('/sign-in');
    expect(app.headers.get('cache-control')).toBe('no-cache');
    expect(app.headers.get('x-robots-tag')).toBeNull();
  });

  it('answers a missing asset 404, without the long cache', async () => {
    const response = await get('/assets/gone-123.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('sends plain bodies to clients that do not accept compression', async () => {
    const page = await get('/');
    expect(page.headers.get('content-encoding')).toBeNull();
    expect(await page.text()).toContain('en_US index.html');
  });

  it('leaves the API to its own handlers', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toMatchObject({ status: 'healthy' });
  });
});

describe('the OpenAPI document', () => {
  it('describes the API as JSON, with its security scheme, the same on every request', async () => {
    const first = await get('/api/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await first.json()) as {
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/api' }] });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/organizations/{orgId}/sessions', '/waitlist-offers/{token}']),
    );
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(await (await get('/api/openapi.json')).text()).toBe(JSON.stringify(document));
  });
});
