import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCreateCustomer } from '../api/create-customer.ts';
import { CustomerForm } from './customer-form.tsx';

export function NewCustomerPage({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createCustomer = useCreateCustomer(organizationId, {
    onSuccess: (customer) =>
      navigate({
        to: '/app/org/$orgId/customers/$customerId/details',
        params: { orgId: organizationId, customerId: customer.id },
      }),
  });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <Link to="/app/org/$orgId/customers" params={{ orgId: organizationId }} className="link text-sm">
          {t('customers.backToList')}
        </Link>
        <h1 className="text-3xl font-bold">{t('customers.create.title')}</h1>
      </header>
      <CustomerForm
        submitLabel={t('customers.create.submit')}
        isPending={createCustomer.isPending}
        onSubmit={(values) => createCustomer.mutateAsync(values)}
        onCancel={() => navigate({ to: '/app/org/$orgId/customers', params: { orgId: organizationId } })}
      />
    </div>
  );
}
