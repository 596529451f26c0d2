import { AppError } from '@reformer/domain/errors';
import { createMiddleware } from 'hono/factory';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { type Env, publicUrl } from '../env.ts';
import type { AppEnv } from '../lib/http.ts';
import type { Auth } from './auth.ts';

type KeySet = ReturnType<typeof createLocalJWKSet>;

/**
 * Verifies the bearer JWT locally against our own JWKS (no database round trip for the signature); the
 * key set is reloaded once when a token names a key we have not seen (key rotation, another instance).
 */
export function createTokenVerifier(auth: Auth, env: Env) {
  let keySet: KeySet | null = null;
  const load = async () => {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    return keySet;
  };
  const options = { issuer: publicUrl(env), audience: publicUrl(env) };
  return async function verifyAccessToken(token: string): Promise<string> {
    const subject = await jwtVerify(token, keySet ?? (await load()), options)
      .catch(async (error: { code?: string }) => {
        if (error.code !== 'ERR_JWKS_NO_MATCHING_KEY') throw error;
        return jwtVerify(token, await load(), options);
      })
      .then(({ payload }) => payload.sub)
      .catch(() => undefined);
    if (!subject) throw new AppError('UNAUTHENTICATED');
    return subject;
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
