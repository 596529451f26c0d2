import type { ClassNoticeSettings, ClassNoticeSettingsValues } from '@reformer/domain/events-class-notices';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './class-notices.repository.ts';
import { readClassNoticeSettings } from './class-notices.ts';

export async function getClassNoticeSettings(db: Database, access: OrgAccess): Promise<ClassNoticeSettings> {
  const { savedAt, ...values } = await readClassNoticeSettings(db, access.organizationId);
  return { ...values, savedAt: savedAt?.toISOString() ?? null };
}

/** Notices already queued keep their channels; reminders not sent yet follow the new hours at the next run. */
export async function saveClassNoticeSettings(
  db: Database,
  access: OrgAccess,
  values: ClassNoticeSettingsValues,
  actor: Actor,
): Promise<ClassNoticeSettings> {
  await repository.saveSettings(db, {
    ...values,
    organizationId: access.organizationId,
    updatedBy: actor.userId,
    updatedAt: actor.now,
  });
  return getClassNoticeSettings(db, access);
}
