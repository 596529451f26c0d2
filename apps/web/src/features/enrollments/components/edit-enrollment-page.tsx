import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { enrollmentQueryOptions } from '../api/get-enrollment.ts';
import { useUpdateEnrollment } from '../api/update-enrollment.ts';
import { useEnrollmentText } from './enrollment-display.ts';
import { EnrollmentForm } from './enrollment-form.tsx';
import { enrollmentToForm } from './enrollment-form-values.ts';

type EditEnrollmentPageProps = { organizationId: string; enrollmentId: string };

export function EditEnrollmentPage({ organizationId, enrollmentId }: EditEnrollmentPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = useEnrollmentText();
  const { data: enrollment } = useSuspenseQuery(enrollmentQueryOptions(organizationId, enrollmentId));
  const params = { orgId: organizationId, enrollmentId };
  const toDetails = () => navigate({ to: '/app/org/$orgId/enrollments/$enrollmentId/details', params });
  const updateEnrollment = useUpdateEnrollment(organizationId, enrollmentId, { onSuccess: toDetails });
  const name = text.customer(enrollment);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <Link to="/app/org/$orgId/enrollments/$enrollmentId/details" params={params} className="link text-sm">
          {t('enrollments.backToDetails')}
        </Link>
        <h1 className="text-3xl font-bold">{t('enrollments.edit.title')}</h1>
        <p className="text-base-content/70">
          {name} · {enrollment.scheduleName}
        </p>
      </header>
      <EnrollmentForm
        organizationId={organizationId}
        defaultValues={enrollmentToForm(enrollment)}
        initialCustomer={{ id: enrollment.customerId, name }}
        current={enrollment}
        submitLabel={t('common.save')}
        isPending={updateEnrollment.isPending}
        onSubmit={(values) => updateEnrollment.mutateAsync(values)}
        onCancel={toDetails}
      />
    </div>
  );
}
