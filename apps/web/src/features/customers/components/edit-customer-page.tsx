import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '@/lib/person-name.ts';
import { customerQueryOptions } from '../api/get-customer.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { CustomerForm } from './customer-form.tsx';
import { customerToForm, isEditableStatus } from './customer-form-values.ts';

export function EditCustomerPage({
  organizationId,
  customerId,
}: {
  organizationId: string;
  customerId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = usePersonName();
  const { data: customer } = useSuspenseQuery(customerQueryOptions(organizationId, customerId));
  const toDetails = () =>
    navigate({
      to: '/app/org/$orgId/customers/$customerId/details',
      params: { orgId: organizationId, customerId },
    });
  const updateCustomer = useUpdateCustomer(organizationId, customerId, { onSuccess: toDetails });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <Link
          to="/app/org/$orgId/customers/$customerId/details"
          params={{ orgId: organizationId, customerId }}
          className="link text-sm"
        >
          {t('customers.backToDetails')}
        </Link>
        <h1 className="text-3xl font-bold">{t('customers.edit.title', { name: nameOf(customer) })}</h1>
      </header>
      {isEditableStatus(customer.status) ? (
        <CustomerForm
          defaultValues={customerToForm(customer)}
          submitLabel={t('common.save')}
          isPending={updateCustomer.isPending}
          onSubmit={(values) => updateCustomer.mutateAsync(values)}
          onCancel={toDetails}
        />
      ) : (
        <p role="alert" className="alert alert-warning">
          {t('errors.CUSTOMER_PURGED')}
        </p>
      )}
    </div>
  );
}
