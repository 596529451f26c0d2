import { canMoveSession, type MoveSessionInput, type Session } from '@reformer/domain/sessions';
import { sessionInstant } from '@reformer/domain/time-zones';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { usePermissions } from '@/lib/access-profile.ts';
import { useMoveSession } from './api/move-session.ts';

/** A target surely ahead: asks only whether the session itself may move. */
const FAR_AHEAD_MS = 366 * 86_400_000;

/**
 * Moving one session: who may (MANAGE_SCHEDULE_SESSIONS at its establishment), which sessions may
 * (`canMoveSession`: active, not started, no check-ins) and to where (not in the past, in the
 * organization's zone). The server checks the same and answers 409 SESSION_NOT_MOVABLE with the reason.
 */
export function useSessionMover(organizationId: string, timeZone: string) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const mutation = useMoveSession(organizationId);
  const [confirming, setConfirming] = useState<MoveConfirmation | null>(null);

  const canMove = (session: Session) =>
    permissions.can('MANAGE_SCHEDULE_SESSIONS', {
      scope: 'ESTABLISHMENT',
      establishmentId: session.establishmentId,
    }) && canMoveSession(session, new Date(Date.now() + FAR_AHEAD_MS)).ok;

  /** Why the session cannot go to `slot`, or null when it can. */
  const blockOf = (session: Session, slot: MoveSessionInput) => {
    const check = canMoveSession(session, sessionInstant(slot.date, slot.startTime, timeZone));
    return check.ok ? null : check.reason;
  };

  /** Asks the member (MoveSessionConfirm) whether to move a session customers are on; true to go on. */
  const confirmMove = (session: Session, slot: MoveSessionInput) =>
    new Promise<boolean>((resolve) =>
      setConfirming({
        session,
        slot,
        answer: (isConfirmed) => {
          setConfirming(null);
          resolve(isConfirmed);
        },
      }),
    );

  /**
   * Resolves true once moved; a refused move has had its toast (the reason) and resolves false. A session
   * with customers on it moves only once the member confirms, having seen who they are (#27 item 11).
   */
  const move = async (session: Session, slot: MoveSessionInput): Promise<boolean> => {
    const block = blockOf(session, slot);
    if (block) {
      toast.error(t(`attendance.move.blocked.${block}`));
      return false;
    }
    if (session.rosterCount > 0 && !(await confirmMove(session, slot))) return false;
    return mutation.mutateAsync({ sessionId: session.id, slot }).then(
      () => true,
      () => false,
    );
  };

  /** The session where it is going while the move is under way, so a dropped session stays put. */
  const pending = mutation.isPending ? mutation.variables : undefined;
  const withPendingMove = (session: Session): Session =>
    pending?.sessionId === session.id ? { ...session, ...pending.slot } : session;

  return { canMove, blockOf, move, isMoving: mutation.isPending, withPendingMove, confirming };
}

/** A move waiting for the member's answer: `answer(true)` moves the session, `answer(false)` leaves it. */
export type MoveConfirmation = {
  session: Session;
  slot: MoveSessionInput;
  answer: (isConfirmed: boolean) => void;
};

export type SessionMover = ReturnType<typeof useSessionMover>;
