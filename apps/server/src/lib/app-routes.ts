import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether a path is one of the web app's routes, from the `app-routes.json` its build writes (the route
 * tree's paths, `$param` standing for one segment). The history fallback answers 404 for any other path,
 * still with the app's HTML so the visitor sees the app's own not-found page. A build without the file
 * (older) takes every path.
 */
export function appRouteMatcher(webDistDir: string): (path: string) => boolean {
  let paths: string[];
  try {
    paths = JSON.parse(readFileSync(join(webDistDir, 'app-routes.json'), 'utf8')) as string[];
  } catch {
    return () => true;
  }
  const patterns = paths.map((path) => {
    const body = path
      .replace(/\/$/, '')
      .split('/')
      .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${body}/?$`);
  });
  return (path) => patterns.some((pattern) => pattern.test(path));
}
