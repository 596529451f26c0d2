import { DndContext, type DragEndEvent, type DragMoveEvent } from '@dnd-kit/core';
import type { MoveSessionInput, Session } from '@reformer/domain/sessions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useFormatLocalDate, useFormatTime } from '@/lib/format.ts';
import type { SessionMover } from '../use-session-mover.ts';
import { columnUnderSession, dateOfColumn, minutesMoved, useWeekSensors } from '../week-dnd.ts';
import {
  gridHours,
  minutesOf,
  placeSessions,
  SLOT_HEIGHT_PX,
  SLOT_MINUTES,
  slotStarts,
  timeOf,
} from '../week-grid-layout.ts';
import { WeekDayColumn } from './week-day-column.tsx';
import { WeekSessionChip } from './week-session-chip.tsx';

type WeekViewProps = {
  organizationId: string;
  days: string[];
  today: string;
  sessions: Session[];
  mover: SessionMover;
  onMoveDialog: (session: Session) => void;
};

type DragEvent = Pick<DragMoveEvent | DragEndEvent, 'active' | 'over' | 'delta'>;

/** Where a drag puts the session: the column under it, its start moved by the vertical distance. */
function targetOf({ active, over, delta }: DragEvent): { session: Session; slot: MoveSessionInput } | null {
  const session = active.data.current?.session as Session | undefined;
  const date = dateOfColumn(over?.id);
  if (!session || !date) return null;
  const start = minutesOf(session.startTime) + minutesMoved(delta.y);
  const end = start + minutesOf(session.endTime) - minutesOf(session.startTime);
  if (start < 0 || end >= 24 * 60) return { session, slot: { date, startTime: '', endTime: '' } };
  return { session, slot: { date, startTime: timeOf(start), endTime: timeOf(end) } };
}

/** The week as a time grid (days as columns, hours as rows), in the organization's local time. */
export function WeekView({ organizationId, days, today, sessions, mover, onMoveDialog }: WeekViewProps) {
  const { t } = useTranslation();
  const sensors = useWeekSensors();
  const formatDay = useFormatLocalDate('weekday');
  const formatTime = useFormatTime();
  const [preview, setPreview] = useState<MoveSessionInput | null>(null);
  const shown = sessions.map(mover.withPendingMove);
  const hours = gridHours(shown);
  const nameOf = (event: Pick<DragEvent, 'active'>) =>
    (event.active.data.current?.session as Session | undefined)?.scheduleName ?? '';

  const onDragMove = (event: DragMoveEvent) => {
    const slot = targetOf(event)?.slot ?? null;
    setPreview(slot?.startTime ? slot : null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setPreview(null);
    const target = targetOf(event);
    if (!target) return;
    const { session, slot } = target;
    if (!slot.startTime) return void toast.error(t('attendance.move.sameDay'));
    if (slot.date === session.date && slot.startTime === session.startTime) return;
    void mover.move(session, slot);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnderSession}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => setPreview(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('attendance.calendar.dragInstructions') },
        announcements: {
          onDragStart: (event) => t('attendance.calendar.announceStart', { name: nameOf(event) }),
          onDragOver: () => undefined,
          onDragEnd: (event) => t('attendance.calendar.announceEnd', { name: nameOf(event) }),
          onDragCancel: (event) => t('attendance.calendar.announceCancel', { name: nameOf(event) }),
        },
      }}
    >
      <section
        aria-label={t('attendance.calendar.label')}
        className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      >
        <div className="grid min-w-[44rem] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
          <div />
          {days.map((day) => (
            <p
              key={day}
              aria-current={day === today ? 'date' : undefined}
              className={`border-b border-l border-base-300 px-1 py-2 text-center text-sm font-medium ${day === today ? 'text-primary' : ''}`}
            >
              {formatDay(day)}
            </p>
          ))}
          <div aria-hidden="true" className="relative">
            {slotStarts(hours)
              .filter((minutes) => minutes % 60 === 0)
              .map((minutes) => (
                <span
                  key={minutes}
                  className="absolute right-1 -translate-y-1/2 text-xs text-base-content/60"
                  style={{ top: ((minutes - hours.start) / SLOT_MINUTES) * SLOT_HEIGHT_PX }}
                >
                  {formatTime(timeOf(minutes))}
                </span>
              ))}
          </div>
          {days.map((day) => (
            <WeekDayColumn
              key={day}
              date={day}
              hours={hours}
              isToday={day === today}
              preview={preview?.date === day ? preview : null}
            >
              {placeSessions(
                shown.filter((session) => session.date === day),
                hours,
              ).map((box) => (
                <WeekSessionChip
                  key={box.session.id}
                  organizationId={organizationId}
                  box={box}
                  isMovable={mover.canMove(box.session) && !mover.isMoving}
                  onMove={() => onMoveDialog(box.session)}
                />
              ))}
            </WeekDayColumn>
          ))}
        </div>
      </section>
      <p className="sr-only" aria-live="assertive">
        {preview &&
          t('attendance.calendar.dropTarget', {
            date: formatDay(preview.date),
            time: formatTime(preview.startTime),
          })}
      </p>
    </DndContext>
  );
}
