import { z } from 'zod';
import { CustomerContract } from './contracts.ts';
import { Customer } from './customers.ts';
import { Enrollment } from './enrollments.ts';
import { EventMessage } from './events.ts';
import { MakeUpCredit } from './make-up-credit-schemas.ts';
import { MedicalRecord } from './medical-records.ts';
import { Payment } from './payments.ts';
import { type AccessProfile, type Action, can } from './permissions.ts';
import { PixCharge } from './pix-charges.ts';
import { ProfileChangeList } from './portal-profile.ts';
import { Purchase } from './purchases.ts';
import { AddToSessionReason, AttendanceStatus, RosterSource } from './sessions.ts';
import { WHATSAPP_CONSENT_SOURCES } from './whatsapp-consent.ts';

/**
 * A customer's whole record, exported on their request (LGPD Art. 18 II: access; Art. 19 II: "clear and
 * complete"). Decision 021.
 */

/**
 * Every action the export needs, each at organization scope: it answers a data-subject request (the right to
 * manage the customer, who can also purge them), copies personal data out of the system (spec §6's export
 * right), and shows every part of the record — so a member sees in it nothing their own screens would hide,
 * and a member who may not see a part cannot hand over an export that silently lacks it. By default: owners
 * and administrators.
 */
export const CUSTOMER_DATA_EXPORT_ACTIONS = [
  'MANAGE_CUSTOMERS',
  'EXPORT_CUSTOMERS',
  'VIEW_ENROLLMENTS',
  'VIEW_ATTENDANCE',
  'VIEW_PAYMENTS',
  'VIEW_MEDICAL_RECORDS',
] as const satisfies readonly Action[];

export function canExportCustomerData(profile: AccessProfile): boolean {
  return CUSTOMER_DATA_EXPORT_ACTIONS.every((action) => can(profile, action, { scope: 'ORG' }));
}

/**
 * A session where something was recorded about the customer: added to it, a status set (canceled, trial,
 * make-up) or a check-in. The sessions an enrollment merely put them on follow from the enrollment.
 */
export const CustomerAttendance = z.object({
  sessionId: z.string(),
  /** Where the session happened, in the organization's zone. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  scheduleName: z.string(),
  establishmentName: z.string(),
  source: RosterSource,
  status: AttendanceStatus,
  reason: AddToSessionReason.nullable(),
  notes: z.string().nullable(),
  checkedInAt: z.string().nullable(),
});
export type CustomerAttendance = z.infer<typeof CustomerAttendance>;

export const CustomerDataExport = z.object({
  exportedAt: z.string(),
  /** Who holds the data (the controller), and the zone its dates and times are written in. */
  organization: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  customer: Customer,
  enrollments: z.array(Enrollment),
  attendance: z.array(CustomerAttendance),
  payments: z.array(Payment),
  /** Packs, single and trial classes bought, with what is left of each on the day of the export. */
  purchases: z.array(Purchase),
  /** The PIX charges the studio's PSP issued to them (their CPF and name went to the PSP with each). */
  pixCharges: z.array(PixCharge),
  /**
   * Every make-up credit, newest first: the class canceled to earn it, when, until when it was valid, the
   * make-up class it paid for and when — and its state on the day of the export (EXPIRED is read, not stored).
   */
  makeUpCredits: z.array(MakeUpCredit),
  /** Each record with its whole document. */
  medicalRecords: z.array(MedicalRecord),
  /** Every message sent to the customer (birthdays, payment reminders, waitlist offers), with its text. */
  messages: z.array(EventMessage),
  /** The contract versions they signed (the text and its evidence) and their consents with every answer. */
  contract: CustomerContract,
  /** The changes they made to their own details in the portal, field by field, newest first (decision 046). */
  profileChanges: ProfileChangeList.shape.items,
  /**
   * Their answer to the studio's WhatsApp messages with where it came from and when (null: never asked), and
   * the id Meta gave their number, learnt from a delivery (decisions 049, 053).
   */
  whatsappConsent: z.object({
    isOptedIn: z.boolean().nullable(),
    source: z.enum(WHATSAPP_CONSENT_SOURCES).nullable(),
    changedAt: z.string().nullable(),
    waId: z.string().nullable(),
  }),
  /**
   * Their consents to the processing of their health data, given in the portal before the questionnaire
   * (LGPD art. 11, I; decision 044), each with its evidence, newest first.
   */
  healthDataConsents: z.array(
    z.object({
      consentedAt: z.string(),
      language: z.string(),
      textSha256: z.string(),
      ipAddress: z.string(),
      userAgent: z.string(),
    }),
  ),
});
export type CustomerDataExport = z.infer<typeof CustomerDataExport>;
