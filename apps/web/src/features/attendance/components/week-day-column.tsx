import { useDroppable } from '@dnd-kit/core';
import type { MoveSessionInput } from '@reformer/domain/sessions';
import type { ReactNode } from 'react';
import { useFormatTimeRange } from '@/lib/format.ts';
import { dayColumnId } from '../week-dnd.ts';
import { type GridHours, minutesOf, SLOT_HEIGHT_PX, SLOT_MINUTES } from '../week-grid-layout.ts';

type WeekDayColumnProps = {
  date: string;
  hours: GridHours;
  isToday: boolean;
  /** Where the session being dragged would land, when it is this day. */
  preview: MoveSessionInput | null;
  children: ReactNode;
};

/** One day of the week grid: a drop target as tall as the day's hours, half-hour lines drawn behind. */
export function WeekDayColumn({ date, hours, isToday, preview, children }: WeekDayColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: dayColumnId(date), data: { date } });
  const formatTimeRange = useFormatTimeRange();
  const height = ((hours.end - hours.start) / SLOT_MINUTES) * SLOT_HEIGHT_PX;

  return (
    <div
      ref={setNodeRef}
      className={`relative border-l border-base-300 ${isToday ? 'bg-primary/5' : ''} ${isOver ? 'bg-base-200' : ''}`}
      style={{
        height,
        backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${SLOT_HEIGHT_PX - 1}px, var(--color-base-300) ${SLOT_HEIGHT_PX - 1}px, var(--color-base-300) ${SLOT_HEIGHT_PX}px)`,
      }}
    >
      {preview && (
        <div
          aria-hidden="true"
          className="absolute inset-x-0.5 z-0 rounded-field border-2 border-dashed border-primary bg-primary/10 p-1 text-xs font-medium"
          style={{
            top: ((minutesOf(preview.startTime) - hours.start) / SLOT_MINUTES) * SLOT_HEIGHT_PX,
            height:
              ((minutesOf(preview.endTime) - minutesOf(preview.startTime)) / SLOT_MINUTES) * SLOT_HEIGHT_PX,
          }}
        >
          {formatTimeRange(preview.startTime, preview.endTime)}
        </div>
      )}
      {children}
    </div>
  );
}
