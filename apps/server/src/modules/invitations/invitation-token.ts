import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * An invitation token is HMAC(secret, id + nonce), the nonce 128 random bits. The database keeps the
 * nonce and the token's SHA-256, never the token: a copy of the database alone opens no invitation, while
 * the server can still show the link to the inviter. Resending draws a new nonce, so the old link dies.
 */
export function newTokenNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function deriveInvitationToken(secret: string, invitationId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`invitation:${invitationId}:${nonce}`).digest('base64url');
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
