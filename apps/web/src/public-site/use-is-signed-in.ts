import { useEffect, useState } from 'react';
import { env } from '../env.ts';

/**
 * Whether the visitor has a session, asked after hydration with a plain fetch (no auth client on the public
 * pages). Until the answer, and if the check fails, "Access App" leads to sign-in, which sends a signed-in
 * user on to the app anyway.
 */
export function useIsSignedIn(): boolean {
  const [isSignedIn, setIsSignedIn] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${env.apiBaseUrl}/auth/get-session`, { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ user?: unknown } | null>) : null))
      .then((session) => setIsSignedIn(Boolean(session?.user)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not check the session; "Access App" leads to sign-in.', error);
      });
    return () => controller.abort();
  }, []);
  return isSignedIn;
}
