import { createHash, randomBytes } from 'node:crypto';

/**
 * A class link's token (decision 025): 256 random bits, and the SHA-256 the table keeps, as a waitlist
 * offer's (decision 024). A token that could not be one is refused before any query.
 */
export function newClassLinkToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashClassLinkToken(token) };
}

export function hashClassLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export const isClassLinkToken = (token: string) => TOKEN_PATTERN.test(token);
