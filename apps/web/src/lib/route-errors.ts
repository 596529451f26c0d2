import { ApiError, NetworkError } from './api-error.ts';

/** Thrown by route guards (spec §2 "Route entry rules"). */
export class RouteGuardError extends Error {
  override readonly name = 'RouteGuardError';

  constructor(readonly reason: 'notAuthenticated' | 'noToken') {
    super(reason === 'noToken' ? 'No token available' : 'Not authenticated');
  }
}

/** A page the user's access profile does not open (the server would refuse its calls anyway). */
export class AccessDeniedError extends Error {
  override readonly name = 'AccessDeniedError';
}

export type ErrorKind = 'connection' | 'accessDenied' | 'notFound' | 'server' | 'somethingWentWrong';

/** Which error screen an error gets (spec §2): network, 403, 404, 5xx, anything else. */
export function errorKindOf(error: unknown): ErrorKind {
  if (error instanceof NetworkError) return 'connection';
  if (error instanceof AccessDeniedError) return 'accessDenied';
  if (error instanceof ApiError) {
    if (error.status === 403) return 'accessDenied';
    if (error.status === 404) return 'notFound';
    if (error.status >= 500) return 'server';
  }
  return 'somethingWentWrong';
}

export function requireUserId(auth: { userId: string | null }): string {
  if (!auth.userId) throw new RouteGuardError('notAuthenticated');
  return auth.userId;
}

export async function requireToken(auth: { getToken: () => Promise<string | null> }): Promise<string> {
  const token = await auth.getToken().catch(() => null);
  if (!token) throw new RouteGuardError('noToken');
  return token;
}
