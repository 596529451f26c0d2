import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMiddleware } from 'hono/factory';

/**
 * The hashes of the inline scripts in the built web app's HTML (the tiny script that applies the saved
 * theme and language before the first paint, added by apps/web/vite.config.ts), so the
 * Content-Security-Policy can allow exactly those and no other inline script.
 */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  if (!webDistDir) return [];
  const pages = [join(webDistDir, 'index.html')];
  for (const language of safeList(join(webDistDir, 'prerendered'))) {
    for (const file of safeList(join(webDistDir, 'prerendered', language))) {
      if (file.endsWith('.html')) pages.push(join(webDistDir, 'prerendered', language, file));
    }
  }
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = safeRead(page);
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(script ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}

const safeList = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};
const safeRead = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/**
 * Headers for every answer (issue #16). The policy is the one the app runs under with no violation
 * (checked in Chromium by e2e/tests/security-headers.spec.ts): our own scripts plus the hashed inline one;
 * styles may be inline (React style attributes, the toasts' injected styles); nothing may frame us.
 */
export function securityHeaders(options: { publicUrl: string; scriptHashes: string[] }) {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${options.scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers: [string, string][] = [
    ['Content-Security-Policy', policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    // Same-origin only: invitation links carry their token in the path.
    ['Referrer-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (options.publicUrl.startsWith('https://'))
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return createMiddleware(async (c, next) => {
    // Set before the route answers, they are part of the response it builds (c.json, c.html…); setting
    // them afterwards makes @hono/node-server turn its lightweight response into a full one (~0.1 ms).
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // Responses built outside the context (static files, better-auth's, replays) did not take them.
    if (!c.res.headers.has('content-security-policy')) {
      for (const [name, value] of headers) c.res.headers.set(name, value);
    }
  });
}
