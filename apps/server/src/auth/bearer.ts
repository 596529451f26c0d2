import { AppError } from '@reformer/domain/errors';
import { createMiddleware } from 'hono/factory';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { type Env, publicUrl } from '../env.ts';
import { errorResponse } from '../lib/errors.ts';
import type { AppEnv } from '../lib/http.ts';
import type { Auth } from './auth.ts';
import { isSessionLive } from './session-liveness.ts';

type KeySet = ReturnType<typeof createLocalJWKSet>;

/** Who a verified token speaks for: the user and the better-auth session it was issued from. */
export type TokenSubject = { userId: string; sessionId: string };

/** Enough for every member signed in at once; past it the oldest entry goes (a Map keeps insertion order). */
const VERIFIED_TOKENS_MAX = 10_000;

/** A token naming a key we do not have reloads the key set at most this often (issue #16, item 3). */
const KEY_RELOAD_INTERVAL_MS = 60_000;

/**
 * Verifies the bearer JWT locally against our own JWKS (no database round trip for the signature); the
 * key set is reloaded when a token names a key we have not seen (key rotation, another instance), at most
 * once a minute, so a flood of tokens with made-up key ids costs neither a query each nor the memory of
 * good tokens.
 *
 * A token whose signature and claims were checked is remembered until it expires: the same browser sends
 * the same token for up to 15 minutes, and the Ed25519 check is the largest CPU cost of a request. Only
 * the exact token string is trusted and its expiry is checked on every use; a reload forgets only tokens
 * whose key is gone. Whether the token's session still exists is checked per request by the caller
 * (`sessionId`), so sign-out stops a remembered token at once.
 *
 * `clock` is the real time, as better-auth's when it signs; it is a parameter only so a test can move it
 * (the request clock `Deps.now` moves without moving the tokens' issue times, so it cannot be used here).
 */
export function createTokenVerifier(auth: Auth, env: Env, clock: () => Date = () => new Date()) {
  let keySet: KeySet | null = null;
  let keyIds = new Set<string>();
  let loadedAtMs = Number.NEGATIVE_INFINITY;
  const verified = new Map<string, TokenSubject & { keyId: string; expiresAtMs: number }>();
  const load = async () => {
    loadedAtMs = clock().getTime();
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    keyIds = new Set(jwks.keys.map((key) => key.kid ?? ''));
    for (const [token, entry] of verified) if (!keyIds.has(entry.keyId)) verified.delete(token);
    return keySet;
  };
  const keySetFor = async (keyId: string) => {
    if (keySet && (keyIds.has(keyId) || clock().getTime() - loadedAtMs < KEY_RELOAD_INTERVAL_MS))
      return keySet;
    return load();
  };
  const remember = (token: string, entry: TokenSubject & { keyId: string; expiresAtMs: number }) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, entry);
  };
  const claims = { issuer: publicUrl(env), audience: publicUrl(env) };
  return async function verifyAccessToken(token: string): Promise<TokenSubject> {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > clock().getTime()) return { userId: known.userId, sessionId: known.sessionId };
      verified.delete(token);
    }
    const keyId = keyIdOf(token);
    const result = await jwtVerify(token, await keySetFor(keyId), { ...claims, currentDate: clock() }).catch(
      () => undefined,
    );
    const payload = result?.payload;
    // Our tokens always carry all three; one without them is not accepted at all.
    if (!payload?.sub || payload.exp === undefined || typeof payload.sid !== 'string')
      throw new AppError('UNAUTHENTICATED');
    const subject = { userId: payload.sub, sessionId: payload.sid };
    remember(token, { ...subject, keyId, expiresAtMs: payload.exp * 1000 });
    return subject;
  };
}

function keyIdOf(token: string): string {
  try {
    return decodeProtectedHeader(token).kid ?? '';
  } catch {
    throw new AppError('UNAUTHENTICATED');
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/**
 * Under /organizations/{orgId}/… the membership query, which runs on every such request, also checks the
 * token's session (auth/access.ts); every other path checks it here, with one indexed lookup.
 */
const ORGANIZATION_PATH = /^\/api\/organizations\/(?!me(?:\/|$))[^/]+(?:\/|$)/;

export function requireUser(verify: TokenVerifier) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    const { userId, sessionId } = await verify(match[1]);
    c.set('userId', userId);
    c.set('sessionId', sessionId);
    if (ORGANIZATION_PATH.test(c.req.path)) return next();
    const live = isSessionLive(c.get('deps').db, sessionId, userId);
    if (c.req.method !== 'GET') {
      if (!(await live)) throw new AppError('UNAUTHENTICATED');
      return next();
    }
    // A read runs alongside the lookup, which takes a round trip off it; its answer never leaves when
    // the session is gone (as requireActionAnywhereAlongsideRead does for the customer search).
    live.catch(() => {});
    try {
      await next();
    } finally {
      if (!(await live)) c.res = errorResponse(c, 401, 'UNAUTHENTICATED');
    }
  });
}
