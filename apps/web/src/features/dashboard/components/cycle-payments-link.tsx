import type { Period } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The payments list narrowed to the COMPLETED payments of the cycles due in the period (its `cycleFrom/To`). */
export function CyclePaymentsLink({
  organizationId,
  period,
  className = 'btn btn-sm btn-ghost',
  children,
}: {
  organizationId: string;
  period: Period;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/app/org/$orgId/payments"
      params={{ orgId: organizationId }}
      search={{ cycleFrom: period.from, cycleTo: period.to, status: 'COMPLETED' }}
      className={className}
    >
      {children}
    </Link>
  );
}
