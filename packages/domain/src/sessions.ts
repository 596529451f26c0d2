import { z } from 'zod';
import { daysBetween } from './calendar-dates.ts';
import { isCalendarDate } from './customers.ts';
import type { Action } from './permissions.ts';
import { ScheduleType } from './schedules.ts';
import { isTimeOfDay, LocalDate, TimeOfDay } from './time-zones.ts';
import { V } from './validation.ts';

/** A customer's status in one session (spec §3); check-in is recorded apart from it. */
export const ATTENDANCE_STATUSES = ['CONFIRMED', 'CANCELED', 'TRIAL', 'REPOSITION'] as const;
export const AttendanceStatus = z.enum(ATTENDANCE_STATUSES, V.required);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

/** Why a customer who is not enrolled in the schedule joins one session (spec §3). */
export const ADD_TO_SESSION_REASONS = ['REPOSITION', 'TRIAL_CLASS', 'SPECIAL_EVENT', 'OTHER'] as const;
export const AddToSessionReason = z.enum(ADD_TO_SESSION_REASONS, V.reasonRequired);
export type AddToSessionReason = z.infer<typeof AddToSessionReason>;

/** ENROLLMENT: an active enrollment covers the date. ADDED: added to this session alone. */
export const ROSTER_SOURCES = ['ENROLLMENT', 'ADDED'] as const;
export const RosterSource = z.enum(ROSTER_SOURCES);
export type RosterSource = z.infer<typeof RosterSource>;

export const AVAILABILITIES = ['FULL', 'ALMOST_FULL', 'AVAILABLE', 'INACTIVE'] as const;
export const Availability = z.enum(AVAILABILITIES);
export type Availability = z.infer<typeof Availability>;

/**
 * Any of these at a session's establishment opens the session page (contract of issue #9); without one the
 * server answers SESSION_NOT_FOUND and the web does not link to it.
 */
export const SESSION_PAGE_ACTIONS: readonly Action[] = [
  'VIEW_ATTENDANCE',
  'VIEW_SCHEDULE_SESSIONS',
  'CHECKIN_CUSTOMERS',
  'MANAGE_ATTENDANCE',
];

/** A canceled customer frees the seat: only the other statuses count in `rosterCount` and against capacity. */
export function countsTowardCapacity(status: AttendanceStatus): boolean {
  return status !== 'CANCELED';
}

/**
 * A session's seats: the roster's (`rosterCount`) and those live waitlist offers hold for the customers they
 * were offered to (`heldSeats`, decision 024). Both are gone for anyone else, so both count here.
 */
type Occupancy = { rosterCount: number; heldSeats: number; capacity: number };

const seatsGone = (session: Occupancy) => session.rosterCount + session.heldSeats;

/**
 * ARCHITECTURE §5: inactive (schedule or session inactive), full (roster = capacity), almost full (at least
 * 80 %), available — where the roster's seats include those waitlist offers hold (decision 024). Compared as
 * seats × 5 ≥ capacity × 4 so 4 of 5 is exactly 80 % with no floating-point rounding.
 */
export function sessionAvailability(session: Occupancy & { isActive: boolean }): Availability {
  if (!session.isActive) return 'INACTIVE';
  if (seatsGone(session) >= session.capacity) return 'FULL';
  if (seatsGone(session) * 5 >= session.capacity * 4) return 'ALMOST_FULL';
  return 'AVAILABLE';
}

/**
 * Seats free that nobody holds: the add-customers dialog shows it, the waitlist offers it, and the server
 * re-checks it under the schedule's lock.
 */
export function remainingSeats(session: Occupancy): number {
  return Math.max(0, session.capacity - seatsGone(session));
}

/** Statuses a customer can be added with: adding someone as CANCELED makes no sense. */
export const ADDABLE_ATTENDANCE_STATUSES = ['CONFIRMED', 'TRIAL', 'REPOSITION'] as const;
export type AddableAttendanceStatus = (typeof ADDABLE_ATTENDANCE_STATUSES)[number];

/** The status a reason implies, so the dialog's default matches the reason and a client may omit it. */
export function defaultStatusForReason(reason: AddToSessionReason): AddableAttendanceStatus {
  if (reason === 'TRIAL_CLASS') return 'TRIAL';
  if (reason === 'REPOSITION') return 'REPOSITION';
  return 'CONFIRMED';
}

const uuid = z.uuid(V.required).transform((id) => id.toLowerCase());

/** A month view with its leading and trailing days (6 weeks) fits; a wider range would be a slow page. */
export const MAX_SESSION_RANGE_DAYS = 62;

const sessionFilters = {
  establishmentId: uuid,
  scheduleId: uuid,
  staffUserId: z.string().trim().min(1).max(100),
  availability: Availability,
};

/** GET /sessions: an inclusive local date range of at most 62 days, and optional filters. */
export const SessionListQuery = z
  .object({
    from: LocalDate,
    to: LocalDate,
    establishmentId: sessionFilters.establishmentId.optional(),
    scheduleId: sessionFilters.scheduleId.optional(),
    staffUserId: sessionFilters.staffUserId.optional(),
    availability: sessionFilters.availability.optional(),
  })
  .superRefine((query, ctx) => {
    // Zod runs this even when a date failed its format check.
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: V.dateRangeOrder });
    if (days > MAX_SESSION_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: V.dateRangeTooLong });
  });
export type SessionListQuery = z.infer<typeof SessionListQuery>;

export const ATTENDANCE_VIEWS = ['week', 'month', 'table', 'cards'] as const;
export type AttendanceView = (typeof ATTENDANCE_VIEWS)[number];

/** The attendance page's URL: the view, the day it shows (this week when absent) and the filters. */
export const AttendanceSearchParams = z.object({
  view: z.enum(ATTENDANCE_VIEWS).catch('week'),
  date: LocalDate.optional().catch(undefined),
  establishmentId: sessionFilters.establishmentId.optional().catch(undefined),
  scheduleId: sessionFilters.scheduleId.optional().catch(undefined),
  staffUserId: sessionFilters.staffUserId.optional().catch(undefined),
  availability: sessionFilters.availability.optional().catch(undefined),
});
export type AttendanceSearchParams = z.infer<typeof AttendanceSearchParams>;

/** Local date and times in the organization's zone; the UTC instants come with them. */
const LocalSlot = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });

export const Session = z.object({
  id: z.string(),
  scheduleId: z.string(),
  scheduleName: z.string(),
  type: ScheduleType,
  establishmentId: z.string(),
  establishmentName: z.string(),
  staffUserId: z.string(),
  staffName: z.string().nullable(),
  ...LocalSlot.shape,
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  /** Roster entries that are not CANCELED (`countsTowardCapacity`). */
  rosterCount: z.number().int(),
  /** Seats live waitlist offers hold (decision 024): not on the roster, not free either. */
  heldSeats: z.number().int(),
  /** The week view offers dragging only while this is 0 (`canMoveSession`). */
  checkedInCount: z.number().int(),
  availability: Availability,
  isActive: z.boolean(),
  /** The occurrence the schedule generated, when staff moved this session; null otherwise. */
  movedFrom: LocalSlot.nullable(),
});
export type Session = z.infer<typeof Session>;

export const SessionList = z.object({ items: z.array(Session) });
export type SessionList = z.infer<typeof SessionList>;

export const RosterEntry = z.object({
  customerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: AttendanceStatus,
  source: RosterSource,
  /** Only for ADDED entries. */
  reason: AddToSessionReason.nullable(),
  notes: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** The pack, single or trial class that paid for the place (decision 029), with its balance now. */
  purchase: z
    .object({
      purchaseId: z.string(),
      planName: z.string(),
      classesLeft: z.number().int(),
      /** A cancellation with notice gave the class back. */
      isReturned: z.boolean(),
    })
    .nullable(),
});
export type RosterEntry = z.infer<typeof RosterEntry>;

export const SessionDetails = Session.extend({ roster: z.array(RosterEntry) });
export type SessionDetails = z.infer<typeof SessionDetails>;

/** PUT /sessions/{sessionId}/attendance/{customerId}. */
export const UpdateAttendanceInput = z.object({ status: AttendanceStatus });
export type UpdateAttendanceInput = z.infer<typeof UpdateAttendanceInput>;

/**
 * POST /sessions/{sessionId}/customers: all or nothing — if the free seats cannot take every customer,
 * none is added (SESSION_FULL). The status defaults to the one the reason implies.
 */
export const AddCustomersToSessionInput = z
  .object({
    customerIds: z
      .array(uuid, V.customersRequired)
      .min(1, V.customersRequired)
      .max(50, V.max)
      .refine((ids) => new Set(ids).size === ids.length, V.duplicateCustomer),
    status: z.enum(ADDABLE_ATTENDANCE_STATUSES, V.required).nullish(),
    reason: AddToSessionReason,
    notes: z
      .string()
      .trim()
      .max(1000, V.max)
      .nullish()
      .transform((value) => value || null),
    /**
     * Each customer spends one class of their pack, single or trial class (decision 029; a TRIAL place a
     * trial). A make-up (REPOSITION) is paid by a make-up credit instead, never by a purchase.
     */
    usePurchase: z.boolean().default(false),
  })
  .transform((input) => ({ ...input, status: input.status ?? defaultStatusForReason(input.reason) }));
export type AddCustomersToSessionInput = z.input<typeof AddCustomersToSessionInput>;
export type AddCustomersToSessionValues = z.output<typeof AddCustomersToSessionInput>;

/** POST /sessions/{sessionId}/check-ins. */
export const CheckInInput = z.object({ customerId: uuid });
export type CheckInInput = z.infer<typeof CheckInInput>;

/** Move one session to another day or time; its schedule and other sessions stay as they are. */
export const MoveSessionInput = z
  .object({ date: LocalDate, startTime: TimeOfDay, endTime: TimeOfDay })
  .refine(
    (slot) => !isTimeOfDay(slot.startTime) || !isTimeOfDay(slot.endTime) || slot.endTime > slot.startTime,
    { message: V.endTimeAfterStart, path: ['endTime'] },
  );
export type MoveSessionInput = z.infer<typeof MoveSessionInput>;

/** Why a session cannot move (the `details.reason` of SESSION_NOT_MOVABLE). */
export const SESSION_MOVE_BLOCKS = ['INACTIVE', 'STARTED', 'HAS_CHECK_INS', 'TARGET_IN_PAST'] as const;
export type SessionMoveBlock = (typeof SESSION_MOVE_BLOCKS)[number];

/**
 * Only a session still ahead can move, and only to a time still ahead: what already happened is history.
 * A session with check-ins stays, since those customers came at that time. `targetStartsAt` is
 * `sessionInstant(target.date, target.startTime, timeZone)`.
 */
export function canMoveSession(
  session: { isActive: boolean; startsAt: string | Date; checkedInCount: number },
  targetStartsAt: Date,
  now: Date = new Date(),
): { ok: true } | { ok: false; reason: SessionMoveBlock } {
  if (!session.isActive) return { ok: false, reason: 'INACTIVE' };
  if (new Date(session.startsAt).getTime() <= now.getTime()) return { ok: false, reason: 'STARTED' };
  if (session.checkedInCount > 0) return { ok: false, reason: 'HAS_CHECK_INS' };
  if (targetStartsAt.getTime() <= now.getTime()) return { ok: false, reason: 'TARGET_IN_PAST' };
  return { ok: true };
}
