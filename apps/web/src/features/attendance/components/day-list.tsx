import type { Session } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { SessionCard } from './session-card.tsx';

type DayListProps = {
  organizationId: string;
  days: string[];
  today: string;
  sessions: Session[];
  moveOf: (session: Session) => (() => void) | undefined;
};

/** The week on a phone: a day per heading, its sessions below; moving is the Move form there. */
export function DayList({ organizationId, days, today, sessions, moveOf }: DayListProps) {
  const { t } = useTranslation();
  const formatDay = useFormatLocalDate('full');
  return (
    <div className="flex flex-col gap-4">
      {days.map((day) => {
        const daySessions = sessions.filter((session) => session.date === day);
        return (
          <section key={day} aria-labelledby={`day-${day}`} className="flex flex-col gap-2">
            <h3
              id={`day-${day}`}
              aria-current={day === today ? 'date' : undefined}
              className={`font-semibold first-letter:uppercase ${day === today ? 'text-primary' : ''}`}
            >
              {formatDay(day)}
            </h3>
            {daySessions.length === 0 ? (
              <p className="text-sm text-base-content/60">{t('attendance.noSessionsThisDay')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {daySessions.map((session) => (
                  <SessionCard
                    key={session.id}
                    organizationId={organizationId}
                    session={session}
                    onMove={moveOf(session)}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
