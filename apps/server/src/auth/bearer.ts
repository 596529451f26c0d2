import { AppError } from '@reformer/domain/errors';
import { createMiddleware } from 'hono/factory';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { type Env, publicUrl } from '../env.ts';
import type { AppEnv } from '../lib/http.ts';
import type { Auth } from './auth.ts';

type KeySet = ReturnType<typeof createLocalJWKSet>;

/** Enough for every member signed in at once; past it the oldest entry goes (a Map keeps insertion order). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Verifies the bearer JWT locally against our own JWKS (no database round trip for the signature); the
 * key set is reloaded once when a token names a key we have not seen (key rotation, another instance).
 *
 * A token whose signature and claims were checked is remembered until it expires: the same browser sends
 * the same token for up to 15 minutes, and the Ed25519 check is the largest CPU cost of a request. Only
 * the exact token string is trusted, its expiry is checked on every use, and a key reload forgets all.
 *
 * `clock` is the real time, as better-auth's when it signs; it is a parameter only so a test can move it
 * (the request clock `Deps.now` moves without moving the tokens' issue times, so it cannot be used here).
 */
export function createTokenVerifier(auth: Auth, env: Env, clock: () => Date = () => new Date()) {
  let keySet: KeySet | null = null;
  const verified = new Map<string, { subject: string; expiresAtMs: number }>();
  const load = async () => {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    verified.clear();
    return keySet;
  };
  const remember = (token: string, subject: string, expiresAtSeconds: number) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { subject, expiresAtMs: expiresAtSeconds * 1000 });
  };
  const claims = { issuer: publicUrl(env), audience: publicUrl(env) };
  return async function verifyAccessToken(token: string): Promise<string> {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > clock().getTime()) return known.subject;
      verified.delete(token);
    }
    const options = { ...claims, currentDate: clock() };
    const payload = await jwtVerify(token, keySet ?? (await load()), options)
      .catch(async (error: { code?: string }) => {
        if (error.code !== 'ERR_JWKS_NO_MATCHING_KEY') throw error;
        return jwtVerify(token, await load(), options);
      })
      .then((result) => result.payload)
      .catch(() => undefined);
    // Our tokens always carry both; one without an expiry is not accepted at all.
    if (!payload?.sub || payload.exp === undefined) throw new AppError('UNAUTHENTICATED');
    remember(token, payload.sub, payload.exp);
    return payload.sub;
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

export function requireUser(verify: TokenVerifier) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    c.set('userId', await verify(match[1]));
    await next();
  });
}
