import type { Language } from '@reformer/domain/preferences';
import type { TFunction } from 'i18next';

/**
 * The pre-rendered public pages. The build writes each one to `prerendered/<language>/<file>`, the file
 * named after the path (`/` → index.html, `/about` → about.html): the server (apps/server/src/app.ts)
 * finds a page's file by that rule alone.
 */
export const PUBLIC_PAGES = {
  home: { path: '/', file: 'index.html', titleKey: 'public.home.documentTitle' },
  about: { path: '/about', file: 'about.html', titleKey: 'public.about.documentTitle' },
  privacyPolicy: {
    path: '/privacy-policy',
    file: 'privacy-policy.html',
    titleKey: 'public.privacy.documentTitle',
  },
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

export const PUBLIC_PAGE_NAMES = Object.keys(PUBLIC_PAGES) as PublicPage[];

export function isPublicPage(value: unknown): value is PublicPage {
  return typeof value === 'string' && value in PUBLIC_PAGES;
}

/** The page shown at a URL path (the development server serves public-site.html at every one of them). */
export function pageAtPath(path: string): PublicPage | undefined {
  return PUBLIC_PAGE_NAMES.find((page) => PUBLIC_PAGES[page].path === path);
}

/** The tab title (search results and bookmarks show it). */
export function pageTitle(page: PublicPage, t: TFunction, appName: string): string {
  return t(PUBLIC_PAGES[page].titleKey, { appName });
}

/**
 * What a page's #root tells its script (main.ts) as `data-*` attributes: the page, its language, and the
 * words of "Access App" for the links a signed-in visitor is sent to the app by.
 */
export function rootAttributes(page: PublicPage, language: Language, t: TFunction) {
  return { page, language, accessAppLabel: t('nav.accessApp') };
}
