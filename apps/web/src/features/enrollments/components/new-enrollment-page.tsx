import { todayIn } from '@reformer/domain/time-zones';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCreateEnrollment } from '../api/create-enrollment.ts';
import type { PickedCustomer } from './enrollment-customer-field.tsx';
import { EnrollmentForm } from './enrollment-form.tsx';
import { emptyEnrollmentForm } from './enrollment-form-values.ts';

type NewEnrollmentPageProps = {
  organizationId: string;
  timeZone: string;
  /** Chosen before the form opened (the customer's details page links here with them). */
  customer: PickedCustomer | null;
};

export function NewEnrollmentPage({ organizationId, timeZone, customer }: NewEnrollmentPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createEnrollment = useCreateEnrollment(organizationId, {
    onSuccess: (enrollment) =>
      navigate({
        to: '/app/org/$orgId/enrollments/$enrollmentId/details',
        params: { orgId: organizationId, enrollmentId: enrollment.id },
      }),
  });
  const toList = () => navigate({ to: '/app/org/$orgId/enrollments', params: { orgId: organizationId } });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <Link to="/app/org/$orgId/enrollments" params={{ orgId: organizationId }} className="link text-sm">
          {t('enrollments.backToList')}
        </Link>
        <h1 className="text-3xl font-bold">{t('enrollments.create.title')}</h1>
      </header>
      <EnrollmentForm
        organizationId={organizationId}
        defaultValues={emptyEnrollmentForm(todayIn(timeZone), customer?.id)}
        initialCustomer={customer}
        submitLabel={t('enrollments.create.submit')}
        isPending={createEnrollment.isPending}
        onSubmit={(values) => createEnrollment.mutateAsync(values)}
        onCancel={toList}
      />
    </div>
  );
}
