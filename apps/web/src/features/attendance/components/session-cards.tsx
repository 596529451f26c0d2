import type { Session } from '@reformer/domain/sessions';
import { SessionCard } from './session-card.tsx';

type SessionCardsProps = {
  organizationId: string;
  sessions: Session[];
  moveOf: (session: Session) => (() => void) | undefined;
};

/** The cards view: every session of the period, in order. */
export function SessionCards({ organizationId, sessions, moveOf }: SessionCardsProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {sessions.map((session) => (
        <SessionCard
          key={session.id}
          organizationId={organizationId}
          session={session}
          showDate
          onMove={moveOf(session)}
        />
      ))}
    </ul>
  );
}
