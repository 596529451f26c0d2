/**
 * The `redirect` search parameter of /sign-in and /sign-up (so an invitation page can send people back).
 * Only same-origin paths are followed, never `//host` or absolute URLs (open-redirect).
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** The app's entry, which opens the member's only organization or else the chooser (routes/app/index.tsx). */
export const AFTER_SIGN_IN_PATH = '/app';
