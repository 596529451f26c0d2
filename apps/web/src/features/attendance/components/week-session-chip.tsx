import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatTime, useFormatTimeRange } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import type { PlacedSession } from '../week-grid-layout.ts';
import { AvailabilityBadge, RosterCount } from './availability-badge.tsx';
import { SessionLink } from './session-link.tsx';

type WeekSessionChipProps = {
  organizationId: string;
  box: PlacedSession;
  /** Whether the user may move this session (and it may still move). */
  isMovable: boolean;
  onMove: () => void;
};

/**
 * A session on the week grid. The mouse, a pen or a long touch drags the whole box; the keyboard drags
 * from its handle (Space, arrows, Space). "Move" opens the same move as a form.
 */
export function WeekSessionChip({ organizationId, box, isMovable, onMove }: WeekSessionChipProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  const formatTime = useFormatTime();
  const formatTimeRange = useFormatTimeRange();
  const nameOrUnknown = useNameOrUnknown();
  const { session } = box;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: session.id,
    data: { session },
    disabled: !isMovable,
  });
  const names = {
    name: session.scheduleName,
    date: formatDate(session.date),
    time: formatTime(session.startTime),
  };

  return (
    <div
      ref={setNodeRef}
      {...(isMovable ? listeners : {})}
      className={`absolute overflow-hidden rounded-field border bg-base-100 px-1.5 py-1 text-xs shadow-sm ${
        session.isActive ? 'border-primary/60' : 'border-dashed border-base-content/40 opacity-70'
      } ${isDragging ? 'z-20 shadow-lg ring-2 ring-primary' : 'z-10'} ${isMovable ? 'touch-manipulation' : ''}`}
      style={{
        top: box.top,
        height: box.height,
        left: `calc(${(box.lane / box.lanes) * 100}% + 2px)`,
        width: `calc(${100 / box.lanes}% - 4px)`,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
      }}
    >
      <div className="flex items-center gap-1">
        {isMovable ? (
          <button
            ref={setActivatorNodeRef}
            type="button"
            className="min-w-0 flex-1 cursor-grab truncate text-left font-medium tracking-tight"
            {...attributes}
            aria-label={t('attendance.calendar.dragHandle', names)}
          >
            <span aria-hidden="true">⠿</span>
            {formatTimeRange(session.startTime, session.endTime)}
          </button>
        ) : (
          <span className="min-w-0 flex-1 truncate font-medium tracking-tight">
            {formatTimeRange(session.startTime, session.endTime)}
          </span>
        )}
        {isMovable && (
          <button
            type="button"
            className="btn btn-ghost btn-xs h-5 min-h-0 px-1"
            aria-label={t('attendance.move.openLabel', { name: session.scheduleName, date: names.date })}
            onClick={onMove}
          >
            <span aria-hidden="true">⇄</span>
          </button>
        )}
      </div>
      <SessionLink
        organizationId={organizationId}
        session={session}
        className="block truncate font-semibold"
        aria-label={t('attendance.calendar.openSession', names)}
      >
        {session.scheduleName}
      </SessionLink>
      {/* Wraps rather than clipping a badge to "Remarca…" in a narrow day column (#27 item 14). */}
      <p className="flex flex-wrap items-center gap-1 whitespace-nowrap">
        <RosterCount count={session.rosterCount} capacity={session.capacity} />
        <AvailabilityBadge availability={session.availability} size="xs" />
        {session.movedFrom && (
          <span className="badge badge-xs badge-outline shrink-0" data-testid="moved-badge">
            {t('attendance.moved')}
          </span>
        )}
      </p>
      <p className="truncate text-base-content/70">{nameOrUnknown(session.staffName)}</p>
    </div>
  );
}
