import { useEffect } from 'react';
import { env } from '../../env.ts';

/** The tab title of a public page (search results and bookmarks show it); back to the app name on leaving. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = env.appName;
    };
  }, [title]);
}
