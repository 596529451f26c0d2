import type { ErrorBody } from '@reformer/domain/errors';
import type { Context } from 'hono';
import { clientIp } from '../lib/client-ip.ts';
import type { AppEnv } from '../lib/http.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * Hands /api/auth/* to better-auth, with the client address it rate-limits on set by us (the socket, or
 * the first X-Forwarded-For hop behind a trusted proxy), and its errors reshaped into our one error shape.
 */
export async function handleAuthRequest(c: Context<AppEnv>): Promise<Response> {
  const { auth } = c.get('deps');
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c));
  const response = await auth.handler(new Request(c.req.raw, { headers }));
  // Redirects (3xx) belong to the OAuth flow; every other non-2xx gets the one error shape.
  if (response.status < 400) return response;
  const reshaped = await reshapeError(response, c.get('requestId'));
  if (response.status === 429) {
    reshaped.headers.set(
      'Retry-After',
      retryAfterSeconds(response, c.get('deps').env.AUTH_RATE_LIMIT_WINDOW_SECONDS),
    );
  }
  return reshaped;
}

/**
 * The standard header a client waits by (RFC 9110 §10.2.3, in seconds; issue #27): better-auth counts the
 * seconds left of the window but writes them only in its own X-Retry-After. Without it, the whole window.
 */
function retryAfterSeconds(response: Response, windowSeconds: number): string {
  const seconds = Number(response.headers.get('x-retry-after'));
  return String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : Math.max(1, windowSeconds));
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

async function reshapeError(response: Response, requestId: string): Promise<Response> {
  const original = (await response.json().catch(() => ({}))) as {
    code?: string;
    message?: string;
    details?: unknown;
  };
  const code =
    original.code && /^[A-Z_]+$/.test(original.code) ? original.code : CODE_BY_STATUS[response.status];
  const body: ErrorBody = {
    error: {
      code: code ?? 'INTERNAL_ERROR',
      message: original.message ?? 'Request failed',
      ...(original.details ? { details: original.details } : {}),
      requestId,
    },
  };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
