import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's client for the same-origin server at `/api/auth` (ARCHITECTURE §3): sign-up, sign-in,
 * sign-out and the cookie session. API calls use the short-lived JWT of `auth-token.ts` instead.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
      },
    }),
  ],
});

export type AuthSession = NonNullable<Awaited<ReturnType<typeof authClient.getSession>>['data']>;
