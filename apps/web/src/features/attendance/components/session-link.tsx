import type { Session } from '@reformer/domain/sessions';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePermissions } from '@/lib/access-profile.ts';
import { canOpenSessionAt } from '@/lib/attendance-access.ts';

type SessionLinkProps = {
  organizationId: string;
  session: Pick<Session, 'id' | 'establishmentId'>;
  className?: string;
  'aria-label'?: string | undefined;
  children: ReactNode;
};

/** The session's name, a link to its page for those who may open it (plain text for the others). */
export function SessionLink({ organizationId, session, className, children, ...aria }: SessionLinkProps) {
  const { profile } = usePermissions(organizationId);
  if (!canOpenSessionAt(profile, session.establishmentId))
    return <span className={className}>{children}</span>;
  return (
    <Link
      to="/app/org/$orgId/attendance/session/$sessionId"
      params={{ orgId: organizationId, sessionId: session.id }}
      // A link is draggable by the browser itself, which would take over the week grid's drag.
      draggable={false}
      className={`link link-hover ${className ?? ''}`}
      {...aria}
    >
      {children}
    </Link>
  );
}
