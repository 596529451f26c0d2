import type { Enrollment } from '@reformer/domain/enrollments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useEnrollmentText } from './enrollment-display.ts';
import { EnrollmentStatusBadge } from './enrollment-status-badge.tsx';

type EnrollmentsListProps = {
  enrollments: Enrollment[];
  /** The links and actions of a row: at least the way to its details. */
  actionsOf: (enrollment: Enrollment) => ReactNode;
};

/** A table on wide screens; a card per enrollment on narrow ones, so a phone never scrolls sideways. */
export function EnrollmentsList({ enrollments, actionsOf }: EnrollmentsListProps) {
  return (
    <TableOrCards
      tableFrom="md"
      isFramed
      table={<EnrollmentsTable enrollments={enrollments} actionsOf={actionsOf} />}
      cards={enrollments.map((enrollment) => (
        <EnrollmentCard key={enrollment.id} enrollment={enrollment} actions={actionsOf(enrollment)} />
      ))}
    />
  );
}

function EnrollmentsTable({ enrollments, actionsOf }: EnrollmentsListProps) {
  const { t } = useTranslation();
  const text = useEnrollmentText();
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col">{t('enrollments.columns.customer')}</th>
          <th scope="col">{t('enrollments.columns.plan')}</th>
          <th scope="col">{t('enrollments.columns.schedule')}</th>
          <th scope="col">{t('enrollments.columns.period')}</th>
          <th scope="col">{t('enrollments.columns.status')}</th>
          <th scope="col">
            <span className="sr-only">{t('enrollments.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {enrollments.map((enrollment) => {
          const interruption = text.interruption(enrollment);
          const renewal = text.renewal(enrollment);
          return (
            <tr key={enrollment.id}>
              <th scope="row" className="font-medium">
                {text.customer(enrollment)}
              </th>
              <td>{enrollment.planName}</td>
              <td>
                {enrollment.scheduleName}
                <span className="block text-xs text-base-content/70">{enrollment.establishmentName}</span>
              </td>
              <td>
                {text.period(enrollment)}
                {renewal && <span className="block text-xs text-base-content/70">{renewal}</span>}
                {interruption && <span className="block text-xs text-base-content/70">{interruption}</span>}
              </td>
              <td>
                <EnrollmentStatusBadge status={enrollment.status} />
              </td>
              <td>{actionsOf(enrollment)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function EnrollmentCard({ enrollment, actions }: { enrollment: Enrollment; actions: ReactNode }) {
  const text = useEnrollmentText();
  const interruption = text.interruption(enrollment);
  const renewal = text.renewal(enrollment);
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title text-base break-words">{text.customer(enrollment)}</h2>
          <EnrollmentStatusBadge status={enrollment.status} />
        </div>
        <p className="text-sm">
          <span className="font-medium">{enrollment.scheduleName}</span> · {enrollment.establishmentName}
        </p>
        <p className="text-sm text-base-content/80">{enrollment.planName}</p>
        <p className="text-sm text-base-content/70">{text.period(enrollment)}</p>
        {renewal && <p className="text-xs text-base-content/70">{renewal}</p>}
        {interruption && <p className="text-xs text-base-content/70">{interruption}</p>}
        {actions}
      </div>
    </li>
  );
}
