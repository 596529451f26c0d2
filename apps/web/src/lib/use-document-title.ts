import type { AnyRouteMatch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { env } from '@/env.ts';
import type { TranslationKey } from './i18n-keys.ts';

/**
 * 'Clientes · Estúdio X · Reformer': the page, then where it is, then the app, so tabs and history show
 * what differs first. Empty parts are left out ('Entrar · Reformer' outside an organization).
 */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts, env.appName].filter(Boolean).join(' · ');
}

/** The tab title (search results, bookmarks and history show it); back to the app name on leaving. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = env.appName;
    };
  }, [title]);
}

/** The title key of the page the matches show: the deepest route's `titleKey`, or not found's own. */
export function pageTitleKey(matches: AnyRouteMatch[]): TranslationKey | undefined {
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) {
    return 'errorScreens.notFound.title';
  }
  return matches.findLast((match) => match.staticData.titleKey)?.staticData.titleKey;
}
