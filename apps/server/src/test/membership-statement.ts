import { MEMBERSHIP_STATEMENT } from '../auth/access.ts';

/**
 * Whether a call to pg's Client#query is the membership read (auth/access.ts), which the process's cache
 * answers instead when it holds the caller: tests that count statements tell it apart.
 */
export const isMembershipStatement = (config: unknown) =>
  typeof config === 'object' &&
  config !== null &&
  (config as { name?: unknown }).name === MEMBERSHIP_STATEMENT;
