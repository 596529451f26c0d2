/**
 * The `redirect` search parameter of /sign-in and /sign-up (so an invitation page can send people back).
 * Only same-origin paths are followed, never `//host` or absolute URLs (open-redirect).
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

export const AFTER_SIGN_IN_PATH = '/app/select-organization';
