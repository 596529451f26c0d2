import { env } from '@/env.ts';

/**
 * "Access App" leads to sign-in in the HTML; a visitor with a session is sent to the app instead. Asked
 * with a plain fetch once the page has loaded (no auth client on the public pages). Until the answer, and if
 * the check fails, the links lead to sign-in, which sends a signed-in user on to the app anyway.
 */
export async function retargetSessionLinks(accessAppLabel: string): Promise<void> {
  let isSignedIn = false;
  try {
    const response = await fetch(`${env.apiBaseUrl}/auth/get-session`, { credentials: 'include' });
    const session = response.ok ? ((await response.json()) as { user?: unknown } | null) : null;
    isSignedIn = Boolean(session?.user);
  } catch (error) {
    console.error('Could not check the session; "Access App" leads to sign-in.', error);
  }
  if (!isSignedIn) return;
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href="/sign-in"]'))) {
    link.href = '/app';
    // The footer's "Sign in" says what it does now.
    if (accessAppLabel) link.textContent = accessAppLabel;
  }
}
