import type { PixConnection, PixTransport } from './pix-connection.ts';
import { PixError } from './pix-error.ts';
import { answerError, send } from './pix-http.ts';

/** `expiresAt` is the PSP's expiry; the token is renewed from `renewAt` on. */
export type PixToken = { accessToken: string; expiresAt: number; renewAt: number; scopes: string[] };

/** Renewed this long before the PSP's expiry (or at half its life, for a token shorter than twice this). */
const EARLY_RENEWAL_MS = 60_000;

/**
 * OAuth2 client credentials (RFC 6749 §4.4) over the connection's mutual TLS: HTTP Basic client
 * authentication with the id and secret form-encoded (§2.3.1), the token kept until shortly before
 * `expires_in` and shared by concurrent calls (one request to the token URL at a time).
 */
export function createTokenSource(
  connection: PixConnection,
  transport: PixTransport,
  now: () => number = Date.now,
) {
  let current: PixToken | null = null;
  let pending: Promise<PixToken> | null = null;

  async function fetchToken(): Promise<PixToken> {
    const operation = 'POST token';
    const credentials = `${encodeURIComponent(connection.clientId)}:${encodeURIComponent(connection.clientSecret)}`;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (connection.scopes?.length) form.set('scope', connection.scopes.join(' '));
    const answer = await send(transport, {
      method: 'POST',
      url: connection.tokenUrl,
      operation,
      headers: {
        authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
    const body = answer.body as Record<string, unknown> | undefined;
    if (answer.status === 400 || answer.status === 401) {
      // RFC 6749 §5.2: invalid_client (401 or 400), invalid_scope, unauthorized_client...
      const error = typeof body?.error === 'string' ? body.error : '';
      if (error === 'invalid_scope' || error === 'unauthorized_client') {
        throw new PixError('PSP_FORBIDDEN_SCOPE', { status: answer.status, operation });
      }
      throw new PixError('PSP_INVALID_CLIENT', { status: answer.status, operation });
    }
    if (answer.status !== 200) throw answerError(answer, operation);
    const accessToken = body?.access_token;
    const expiresIn = Number(body?.expires_in ?? 3600);
    if (typeof accessToken !== 'string' || accessToken === '' || !(expiresIn > 0)) {
      throw new PixError('PSP_UNEXPECTED_ANSWER', { status: answer.status, operation });
    }
    const lifetimeMs = expiresIn * 1000;
    const renewBeforeMs = Math.min(EARLY_RENEWAL_MS, lifetimeMs / 2);
    const scope = typeof body?.scope === 'string' ? body.scope : (connection.scopes ?? []).join(' ');
    const issuedAt = now();
    return {
      accessToken,
      expiresAt: issuedAt + lifetimeMs,
      renewAt: issuedAt + lifetimeMs - renewBeforeMs,
      scopes: scope.split(' ').filter(Boolean),
    };
  }

  return {
    /** A live token: the cached one, or a new one. */
    async get(): Promise<PixToken> {
      if (current && now() < current.renewAt) return current;
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      current = await pending;
      return current;
    },
    /** Forgets the token the PSP just refused (a 401), unless a newer one already replaced it. */
    invalidate(refused: PixToken) {
      if (current === refused) current = null;
    },
  };
}
