import { DEFAULT_WAITLIST_SETTINGS, type WaitlistSettings } from '@reformer/domain/waitlist';
import type { Database, Transaction } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './waitlist.repository.ts';

/** The organization's waitlist rules; the domain's defaults until someone saves them. */
export async function readSettings(
  db: Database | Transaction,
  organizationId: string,
): Promise<WaitlistSettings> {
  return (await repository.findSettings(db, organizationId)) ?? DEFAULT_WAITLIST_SETTINGS;
}

export function getSettings(db: Database, access: OrgAccess) {
  return readSettings(db, access.organizationId);
}

/** Offers already made keep their expiry; the new hold time applies to the next ones. */
export async function saveSettings(db: Database, access: OrgAccess, values: WaitlistSettings, now: Date) {
  await repository.saveSettings(db, access.organizationId, values, now);
  return readSettings(db, access.organizationId);
}
