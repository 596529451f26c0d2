import type { MessageKind } from '@reformer/domain/events';
import {
  type ClassNotice,
  type ClassNoticeSettingsValues,
  classNoticeMessage,
  DEFAULT_CLASS_NOTICE_SETTINGS,
} from '@reformer/domain/events-class-notices';
import { classNoticeTemplate } from '@reformer/domain/whatsapp-template-parameters';
import type { Database, Transaction } from '../../db/client.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { readSettings as readWaitlistSettings } from '../waitlist/waitlist-settings.ts';
import * as repository from './class-notices.repository.ts';
import { findOrganizationName } from './events.repository.ts';
import type { Occasion } from './events-delivery.ts';

type Reader = Database | Transaction;

/** The organization's class notice settings; the domain's defaults until someone saves them. */
export async function readClassNoticeSettings(
  db: Reader,
  organizationId: string,
): Promise<ClassNoticeSettingsValues & { savedAt: Date | null }> {
  const row = await repository.findSettings(db, organizationId);
  if (!row) return { ...DEFAULT_CLASS_NOTICE_SETTINGS, savedAt: null };
  return {
    reminderHours: row.reminderHours,
    reminderChannels: row.reminderChannels,
    changeNoticeEnabled: row.changeNoticeEnabled,
    changeChannels: row.changeChannels,
    savedAt: row.updatedAt,
  };
}

/** The portal's address (decision 039): the customer asks for a sign-in link there by e-mail. */
export const portalLinkOf = (publicUrl: string | undefined) =>
  publicUrl ? `${publicUrl.replace(/\/+$/, '')}/portal` : null;

/** One notice of one session, with the key that makes it its own occasion. */
export type SessionNotice = { sessionId: string; occasion: string; notice: ClassNotice };

/**
 * The occasions of `notices`, one per customer on each session's roster, their messages written in the
 * organization's message language and zone. `kind` is CLASS_REMINDER or CLASS_CHANGED.
 */
export async function rosterOccasions(
  db: Reader,
  organizationId: string,
  kind: MessageKind,
  notices: SessionNotice[],
  publicUrl: string | undefined,
): Promise<Occasion[]> {
  const sessionIds = notices.map((notice) => notice.sessionId);
  if (sessionIds.length === 0) return [];
  const [slots, contacts, timeZone, { messageLanguage }, organizationName] = await Promise.all([
    repository.listSessionSlots(db, organizationId, sessionIds),
    repository.listRosterContacts(db, organizationId, sessionIds),
    organizationTimeZone(db, organizationId),
    readWaitlistSettings(db, organizationId),
    findOrganizationName(db, organizationId),
  ]);
  const slotOf = new Map(slots.map((slot) => [slot.sessionId, slot]));
  return notices.flatMap(({ sessionId, occasion, notice }) => {
    const slot = slotOf.get(sessionId);
    if (!slot) return [];
    return contacts
      .filter((contact) => contact.sessionId === sessionId)
      .map((contact) => ({
        organizationId,
        organizationName,
        kind,
        occasion,
        occasionDate: slot.date,
        enrollmentId: null,
        customer: contact,
        text: classNoticeMessage(messageLanguage, notice, {
          firstName: contact.firstName,
          className: slot.sessionName,
          establishmentName: slot.establishmentName,
          timeZone,
          portalLink: portalLinkOf(publicUrl),
        }),
        template: classNoticeTemplate(messageLanguage, notice, {
          firstName: contact.firstName,
          className: slot.sessionName,
          timeZone,
        }),
      }));
  });
}
