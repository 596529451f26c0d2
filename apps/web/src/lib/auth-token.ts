/**
 * The short-lived API token (ARCHITECTURE §3): the better-auth session cookie buys a JWT of at most
 * 15 minutes from `/api/auth/token`. It lives in memory only and is refreshed shortly before it expires.
 */

const TOKEN_URL = '/api/auth/token';
/** Refresh this long before expiry so a request never leaves with a token about to die in flight. */
const REFRESH_MARGIN_MS = 60_000;

type CachedToken = { value: string; expiresAt: number };

let cached: CachedToken | null = null;
let inFlight: Promise<string | null> | null = null;

/** Milliseconds since epoch at which the JWT expires, from its `exp` claim (no verification needed here). */
function expiryOf(token: string): number {
  const payload = token.split('.')[1];
  if (!payload) return 0;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

async function fetchToken(): Promise<string | null> {
  const response = await fetch(TOKEN_URL, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`Token request failed with HTTP ${response.status}`);
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== 'string' || body.token === '') return null;
  cached = { value: body.token, expiresAt: expiryOf(body.token) };
  return body.token;
}

/**
 * The current token, fetched when missing or near expiry; `null` when the user is not signed in.
 * Concurrent callers share one request.
 */
export function getToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
  if (!options.forceRefresh && cached && cached.expiresAt - REFRESH_MARGIN_MS > Date.now()) {
    return Promise.resolve(cached.value);
  }
  if (!inFlight) {
    cached = null;
    inFlight = fetchToken().finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** Forget the token (sign-out, account switch). */
export function clearToken(): void {
  cached = null;
}
