import { PASSWORD_LENGTH, PersonNames } from '@reformer/domain/users';
import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, jwt } from 'better-auth/plugins';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/client.ts';
import { accounts, jwks, rateLimits, sessions, users, verifications } from '../db/schema/index.ts';
import { type Env, publicUrl } from '../env.ts';
import { describeIssues, logLineWithoutPersonalData } from '../lib/errors.ts';
import { forgetEverythingInProcess } from './membership-cache.ts';
import { passwordResetLink, type SendPasswordResetLink } from './password-reset.ts';
import { assertStrongPassword } from './password-strength.ts';
import { trustedOrigins } from './trusted-origins.ts';

/** Set by our own HTTP layer from the socket (or a trusted proxy); any client-sent value is replaced. */
export const CLIENT_IP_HEADER = 'x-reformer-client-ip';

export const ACCESS_TOKEN_TTL = '15m';

/** better-auth's POSTs that start a session or read one and end none: the cache need not forget on them. */
const SESSION_KEEPING_PATHS = new Set(['/sign-in/email', '/sign-up/email', '/token', '/get-session']);

export function createAuth(options: {
  db: Database;
  env: Env;
  secret: string;
  /** How a password-reset link reaches its user; none without SMTP (the request still answers alike). */
  sendPasswordResetLink?: SendPasswordResetLink | undefined;
}) {
  const { db, env, secret } = options;
  const baseURL = publicUrl(env);
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const max = env.AUTH_RATE_LIMIT_MAX;
  return betterAuth({
    appName: 'Reformer',
    logger: {
      level: env.NODE_ENV === 'test' ? 'error' : 'warn',
      // better-auth passes failed inserts along with their values (e-mail, names): never into our logs.
      log: (level, message, ...args) => {
        const line = `[auth] ${level}: ${logLineWithoutPersonalData(message, args)}`;
        if (level === 'error') console.error(line);
        else console.warn(line);
      },
    },
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(env, baseURL),
    // Names change through PUT /users/me, which validates them; better-auth's own route would not.
    disabledPaths: ['/update-user'],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        jwks,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      autoSignIn: true,
      // A reset ends every session of the account: whoever knew the old password is signed out.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = passwordResetLink(baseURL, token);
        // Not awaited, so an account that exists answers as fast as one that does not (decision 009).
        void options.sendPasswordResetLink?.(user, link).catch((error: unknown) => {
          console.error(`[auth] could not e-mail a password reset link: ${(error as Error).message}`);
        });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
      },
    },
    advanced: {
      // Cookies marked Secure whenever the app is reached over https (issue #16).
      useSecureCookies: baseURL.startsWith('https://'),
      // better-auth turns its origin check off under a test runner; ours test the real behaviour.
      disableOriginCheck: false,
      database: { generateId: () => uuidv7() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window, max },
        '/sign-up/email': { window, max },
        '/token': { window: 60, max: env.AUTH_TOKEN_RATE_LIMIT_MAX },
        // better-auth's default for every other path, made a setting: a studio's devices behind one address
        // (or a test runner's workers) read the session on every page load.
        '/get-session': { window: 60, max: env.AUTH_SESSION_RATE_LIMIT_MAX },
      },
    },
    hooks: {
      // A sign-out, a revocation, a reset or a deleted account ends sessions: this process's membership cache
      // forgets them before the answer leaves (auth/membership-cache.ts); other instances hear the NOTIFY.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.request?.method !== 'GET' && !SESSION_KEEPING_PATHS.has(ctx.path))
          forgetEverythingInProcess();
      }),
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.body && typeof ctx.body === 'object') assertStrongPassword(ctx.path, ctx.body);
        if (ctx.path !== '/sign-up/email') return;
        return { context: { body: completeSignUpNames(ctx.body) } };
      }),
    },
    plugins: [
      jwt({
        jwt: {
          expirationTime: ACCESS_TOKEN_TTL,
          issuer: baseURL,
          audience: baseURL,
          // The token names the user and its sign-in session, which must still exist when it is used; roles
          // are read from the database, or the membership cache that its NOTIFY keeps (auth/membership-cache.ts).
          definePayload: ({ user, session }) => ({ email: user.email, sid: session.id }),
        },
      }),
      ...oidcPlugins(env),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Sign-up takes first and last name (spec §3); better-auth wants `name` too. Derive whichever is missing,
 * then validate both names with the shared schema so the answer uses the spec's messages.
 */
function completeSignUpNames(body: Record<string, unknown>): Record<string, unknown> {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  let firstName = text(body.firstName);
  let lastName = text(body.lastName);
  const name = text(body.name);
  if (!firstName && !lastName && name) {
    const [first = '', ...rest] = name.split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  const parsed = PersonNames.safeParse({ firstName, lastName });
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_FAILED',
      message: 'Please check your input and try again.',
      details: describeIssues(parsed.error.issues),
    });
  }
  return { ...body, ...parsed.data, name: name || `${parsed.data.firstName} ${parsed.data.lastName}` };
}

function oidcPlugins(env: Env) {
  if (!env.OIDC_DISCOVERY_URL || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: env.OIDC_PROVIDER_ID,
          discoveryUrl: env.OIDC_DISCOVERY_URL,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          scopes: env.OIDC_SCOPES.split(/\s+/),
          pkce: true,
          mapProfileToUser: (profile) => {
            const given = typeof profile.given_name === 'string' ? profile.given_name : '';
            const family = typeof profile.family_name === 'string' ? profile.family_name : '';
            const [first = '', ...rest] = (profile.name ?? '').split(/\s+/);
            return { firstName: given || first || 'Unknown', lastName: family || rest.join(' ') || '-' };
          },
        },
      ],
    }),
  ];
}
