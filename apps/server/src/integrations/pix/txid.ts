import { createHash } from 'node:crypto';

/** The spec's txid for a charge with a due date: `[a-zA-Z0-9]{26,35}` (TxId in the API Pix YAML). */
export const TXID_LENGTH = 35;

/**
 * A charge's txid derived from the stable ids that name it — e.g. the organization, the enrollment and the
 * billing cycle's start — so asking for the same cycle's charge twice (a retried job, two instances) is one PUT
 * of the same charge, never a second charge. The first 35 hex digits of a SHA-256 (140 bits) of the parts:
 * letters and digits only, and lower-case, so a PSP that folds case cannot make two txids one. The parts are
 * joined with their lengths, so ['ab', 'c'] and ['a', 'bc'] never meet.
 */
export function txidFor(parts: readonly string[]): string {
  if (parts.length === 0 || parts.some((part) => part.length === 0)) {
    throw new RangeError('txidFor needs at least one part, and no empty part');
  }
  const hash = createHash('sha256').update('reformer-cobv-v1');
  for (const part of parts) hash.update(`\u0000${part.length}:${part}`);
  return hash.digest('hex').slice(0, TXID_LENGTH);
}
