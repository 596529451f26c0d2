import type { Session } from '@reformer/domain/sessions';

/** The week grid's rows: half-hour slots, each a drop target. */
export const SLOT_MINUTES = 30;
export const SLOT_HEIGHT_PX = 36;
/** A studio's usual day; sessions outside it widen the grid. */
const DEFAULT_DAY = { start: 6 * 60, end: 22 * 60 };
const DAY_END = 24 * 60;

export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export type GridHours = { start: number; end: number };

/** Whole hours from the earliest start to the latest end on screen, at least 06:00–22:00. */
export function gridHours(sessions: readonly Pick<Session, 'startTime' | 'endTime'>[]): GridHours {
  let { start, end } = DEFAULT_DAY;
  for (const session of sessions) {
    start = Math.min(start, Math.floor(minutesOf(session.startTime) / 60) * 60);
    end = Math.max(end, Math.ceil(minutesOf(session.endTime) / 60) * 60);
  }
  return { start, end: Math.min(end, DAY_END) };
}

export function slotStarts(hours: GridHours): number[] {
  return Array.from(
    { length: (hours.end - hours.start) / SLOT_MINUTES },
    (_, i) => hours.start + i * SLOT_MINUTES,
  );
}

export type PlacedSession = { session: Session; top: number; height: number; lane: number; lanes: number };

/**
 * A day's sessions as boxes: top and height from the local start and end, and side-by-side lanes for
 * sessions that overlap (each group of overlapping sessions shares its width evenly).
 */
export function placeSessions(sessions: readonly Session[], hours: GridHours): PlacedSession[] {
  const sorted = [...sessions].sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
  const placed: PlacedSession[] = [];
  let group: PlacedSession[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const box of group) box.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const session of sorted) {
    const start = minutesOf(session.startTime);
    const end = Math.max(minutesOf(session.endTime), start + 15);
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    groupEnd = Math.max(groupEnd, end);
    const box = {
      session,
      top: ((start - hours.start) / SLOT_MINUTES) * SLOT_HEIGHT_PX,
      height: ((end - start) / SLOT_MINUTES) * SLOT_HEIGHT_PX,
      lane,
      lanes: 1,
    };
    group.push(box);
    placed.push(box);
  }
  closeGroup();
  return placed;
}
