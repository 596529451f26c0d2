import { addDays } from '@reformer/domain/calendar-dates';
import { AppError } from '@reformer/domain/errors';
import { splitFullName } from '@reformer/domain/person-names';
import { purchaseExpiresOn } from '@reformer/domain/purchases';
import { remainingSeats } from '@reformer/domain/sessions';
import {
  isConverted,
  PUBLIC_PAGE_DAYS,
  type PublicStudioPage,
  slugProblem,
  TRIAL_BOOKINGS_PER_ADDRESS,
  type TrialBookingValues,
  type TrialSummary,
  trialBookedMessage,
} from '@reformer/domain/studio-pages';
import { todayIn } from '@reformer/domain/time-zones';
import { trialBookedTemplate } from '@reformer/domain/whatsapp-template-parameters';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { recordAudit } from '../../lib/audit.ts';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as events from '../events/events.repository.ts';
import { queueDelivery } from '../events/events-delivery.ts';
import type { PortalDeps } from '../portal/portal-access.ts';
import { hitRateLimit } from '../portal/portal-rate-limit.ts';
import { insertPurchase } from '../purchases/purchase-sales.repository.ts';
import { addToLockedSession } from '../sessions/attendance.service.ts';
import { listSessions, lockSession } from '../sessions/sessions.repository.ts';
import { readSettings as readWaitlistSettings } from '../waitlist/waitlist-settings.ts';
import * as pages from './studio-pages.repository.ts';
import { readBranding } from './studio-pages.service.ts';
import * as repository from './trial-bookings.repository.ts';

/**
 * The public page and its trial classes (decision 045). A visitor names no organization: the slug does, read
 * on the connecting pool; everything after runs under row-level security naming it, as the portal does.
 */

/** The organization behind the slug, or 404 STUDIO_PAGE_NOT_FOUND for a malformed or unused one alike. */
async function studioOf(db: Database, slug: string): Promise<string> {
  const organizationId = slugProblem(slug) ? null : await pages.findOrganizationBySlug(db, slug);
  if (!organizationId) throw new AppError('STUDIO_PAGE_NOT_FOUND');
  return organizationId;
}

/** Group classes of the week ahead still to start, each with its free seats only (no names, no roster). */
async function listWeek(tx: Transaction, organizationId: string, now: Date) {
  const today = todayIn(await organizationTimeZone(tx, organizationId), now);
  const filter = { from: today, to: addDays(today, PUBLIC_PAGE_DAYS), establishmentIds: null };
  const rows = await listSessions(tx as never, organizationId, filter, now);
  return rows.filter((row) => row.isActive && row.type === 'GROUP' && new Date(row.startsAt) > now);
}

export async function readPublicPage(deps: PortalDeps, slug: string): Promise<PublicStudioPage> {
  const organizationId = await studioOf(deps.db, slug);
  return organizationTransaction(deps.tenantDb, organizationId, async (tx) => {
    const [branding, establishments, plans, sessions] = await Promise.all([
      readBranding(tx, organizationId),
      pages.listEstablishments(tx, organizationId),
      pages.listActivePlans(tx, organizationId),
      listWeek(tx, organizationId, deps.now),
    ]);
    return {
      ...branding,
      slug,
      establishments,
      plans,
      sessions: sessions.map((row) => ({
        id: row.id,
        name: row.scheduleName,
        establishmentName: row.establishmentName,
        date: row.date,
        startTime: row.startTime,
        endTime: row.endTime,
        freeSeats: remainingSeats(row),
      })),
    };
  });
}

/**
 * "Agendar aula experimental": the person (an existing customer matched by e-mail, phone or CPF, else a new
 * lead) gets a TRIAL place in the class, under the class's schedule lock as staff's add, paid by the studio's
 * trial plan when it has one. One trial per person (409 TRIAL_ALREADY_TAKEN); a full class 409 SESSION_FULL.
 * Counted per address before anything is read; a robot that filled the honeypot gets the same answer as a
 * person and nothing is written. A retried request (same Idempotency-Key) books nothing more.
 */
export async function bookTrial(
  deps: PortalDeps,
  slug: string,
  input: TrialBookingValues,
  idempotencyKey: string | undefined,
): Promise<void> {
  await hitRateLimit(deps.db, `trial:ip:${deps.ipAddress}`, TRIAL_BOOKINGS_PER_ADDRESS, deps.now);
  const organizationId = await studioOf(deps.db, slug);
  if (input.website) return;
  await organizationTransaction(deps.tenantDb, organizationId, async (tx) => {
    if (idempotencyKey && (await repository.findByIdempotencyKey(tx, organizationId, idempotencyKey))) return;
    const session = isUuid(input.sessionId) ? await lockSession(tx, organizationId, input.sessionId) : null;
    const isOffered = session?.isActive && session.type === 'GROUP' && session.startsAt > deps.now;
    if (!session || !isOffered) throw new AppError('TRIAL_CLASS_NOT_FOUND');
    const { customerId, isNewCustomer } = await customerFor(tx, organizationId, input, deps.now);
    const usePurchase = await sellTrialPlan(tx, organizationId, customerId, deps.now);
    const place = { organizationId, sessionId: input.sessionId, session, now: deps.now };
    await addToLockedSession(tx, place, {
      customerIds: [customerId],
      status: 'TRIAL',
      reason: 'TRIAL_CLASS',
      notes: null,
      usePurchase,
    });
    const id = uuidv7();
    const booking = {
      organizationId,
      id,
      customerId,
      sessionId: input.sessionId,
      idempotencyKey,
      bookedAt: deps.now,
      isNewCustomer,
    };
    await repository.insertBooking(tx, booking).catch((error: unknown) => {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('TRIAL_ALREADY_TAKEN');
      throw error;
    });
    await recordAudit(tx, {
      organizationId,
      actorId: null,
      action: 'TRIAL_BOOKED_PUBLIC_PAGE',
      entityType: 'trial_booking',
      entityId: id,
      ipAddress: deps.ipAddress,
      at: deps.now,
      details: { customerId, sessionId: input.sessionId, isNewCustomer },
    });
    await confirm(tx, {
      organizationId,
      customerId,
      sessionId: input.sessionId,
      startsAt: session.startsAt,
      now: deps.now,
    });
  });
}

/** The person behind the contact: the oldest match on the books, else a new lead. */
async function customerFor(tx: Transaction, organizationId: string, input: TrialBookingValues, now: Date) {
  const contact = { email: input.email, phone: input.phone, cpf: input.cpf };
  const matches = await repository.lockMatchingCustomers(tx, organizationId, contact);
  const ids = matches.map((match) => match.id);
  if (await repository.hasHadTrial(tx, organizationId, ids)) throw new AppError('TRIAL_ALREADY_TAKEN');
  const [match] = matches;
  if (match) return { customerId: match.id, isNewCustomer: false };
  const id = uuidv7();
  const name = splitFullName(input.fullName);
  const lead = {
    organizationId,
    id,
    ...name,
    email: input.email,
    phone: input.phone,
    idNumber: input.cpf,
    now,
  };
  // Two bookings of one new person for classes of two schedules (two locks) race here: the e-mail's or CPF's
  // unique index lets one through; the other person is the same one, who now has a trial.
  await repository.insertLead(tx, lead).catch((error: unknown) => {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('TRIAL_ALREADY_TAKEN');
    throw error;
  });
  return { customerId: id, isNewCustomer: true };
}

/**
 * The studio's trial plan, when it has one, is sold for this class (free or priced as the studio set it) and
 * the place spends it, as staff's sale and add do (decision 029). Without one the place is simply TRIAL.
 */
async function sellTrialPlan(tx: Transaction, organizationId: string, customerId: string, now: Date) {
  const plan = await repository.findTrialPlan(tx, organizationId);
  if (!plan || plan.classCount === null || plan.validityDays === null) return false;
  const startsOn = todayIn(await organizationTimeZone(tx, organizationId), now);
  await insertPurchase(tx, {
    organizationId,
    id: uuidv7(),
    customerId,
    planId: plan.id,
    kind: 'TRIAL',
    classesTotal: plan.classCount,
    startsOn,
    expiresOn: purchaseExpiresOn(startsOn, plan.validityDays),
    priceCents: plan.priceCents,
    currency: plan.currency,
    notes: null,
    createdAt: now,
  }).catch((error: unknown) => {
    // A trial class sold at the desk before: the person had their trial.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('TRIAL_ALREADY_TAKEN');
    throw error;
  });
  return true;
}

/**
 * The confirmation: e-mail to the outbox (sent by the trial-bookings job); WhatsApp through the Cloud API as
 * the TRIAL_BOOKED template when the customer opted in (decision 052), else as its wa.me link.
 */
async function confirm(
  tx: Transaction,
  booked: { organizationId: string; customerId: string; sessionId: string; startsAt: Date; now: Date },
) {
  const { organizationId } = booked;
  const contact = await events.findCustomer(tx, organizationId, booked.customerId);
  if (!contact) return;
  const [branding, timeZone, { messageLanguage }, details] = await Promise.all([
    readBranding(tx, organizationId),
    organizationTimeZone(tx, organizationId),
    readWaitlistSettings(tx, organizationId),
    repository.findSessionPlace(tx, organizationId, booked.sessionId),
  ]);
  const text = trialBookedMessage(messageLanguage, {
    customerFirstName: contact.customerName.split(' ')[0] ?? '',
    studioName: branding.displayName,
    sessionName: details?.sessionName ?? '',
    establishmentName: details?.establishmentName ?? '',
    address: details?.address ?? null,
    startsAt: booked.startsAt,
    timeZone,
  });
  await queueDelivery(
    tx,
    {
      organizationId,
      organizationName: branding.displayName,
      kind: 'TRIAL_BOOKED',
      occasion: `trial:${booked.sessionId}`,
      occasionDate: todayIn(timeZone, booked.now),
      enrollmentId: null,
      customer: contact,
      text,
      template: trialBookedTemplate(messageLanguage, {
        firstName: contact.customerName,
        startsAt: booked.startsAt,
        timeZone,
        establishmentName: details?.establishmentName ?? '',
        address: details?.address ?? null,
      }),
    },
    ['EMAIL', 'WHATSAPP'],
    { source: 'AUTOMATIC', actorId: null, at: booked.now },
  );
}

/** The dashboard's card: trials of the period by class date, attended (checked in) and converted. */
export async function summarizeTrials(
  db: Database,
  access: OrgAccess,
  period: { from: string; to: string },
): Promise<TrialSummary> {
  const timeZone = await organizationTimeZone(db, access.organizationId);
  const rows = await repository.listBookings(db, access.organizationId, period);
  const bookings = rows.map((row) => {
    const enrolledOn = row.firstEnrolledAt ? todayIn(timeZone, new Date(row.firstEnrolledAt)) : null;
    const bookedOn = todayIn(timeZone, row.bookedAt);
    return { ...row, isConverted: isConverted({ bookedOn, classDate: row.date }, enrolledOn) };
  });
  return {
    booked: bookings.length,
    attended: bookings.filter((row) => row.checkedInAt !== null).length,
    converted: bookings.filter((row) => row.isConverted).length,
    recent: bookings.slice(0, 10).map((row) => ({
      customerId: row.customerId,
      customerName: `${row.firstName} ${row.lastName}`.trim(),
      sessionId: row.sessionId,
      sessionName: row.sessionName,
      date: row.date,
      startTime: row.startTime,
      bookedAt: row.bookedAt.toISOString(),
      isConverted: row.isConverted,
    })),
  };
}
