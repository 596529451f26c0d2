import { canExportCustomerData } from '@reformer/domain/customer-data-export';
import { type Customer, EDITABLE_CUSTOMER_STATUSES } from '@reformer/domain/customers';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuButton } from '@/components/ui/menu-button.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { customerToInput, type EditableStatus, isEditableStatus } from './customer-form-values.ts';
import { DeleteCustomerDialog } from './delete-customer-dialog.tsx';
import { PurgeCustomerDialog } from './purge-customer-dialog.tsx';

type Dialog = 'delete' | 'purge' | null;

/** Edit, change status, delete, export and purge (LGPD) — for members with MANAGE_CUSTOMERS. */
export function CustomerActions({
  organizationId,
  customer,
}: {
  organizationId: string;
  customer: Customer;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const setStatus = useUpdateCustomer(organizationId, customer.id, {
    messages: { loading: 'customers.status.loading', success: 'customers.status.success' },
  });
  const toList = () => navigate({ to: '/app/org/$orgId/customers', params: { orgId: organizationId } });
  const isEditable = isEditableStatus(customer.status);
  const canExport = canExportCustomerData(usePermissions(organizationId).profile);

  return (
    <div className="flex flex-wrap items-center gap-2">
      {isEditable && (
        <>
          <Link
            to="/app/org/$orgId/customers/$customerId/edit"
            params={{ orgId: organizationId, customerId: customer.id }}
            className="btn btn-primary btn-sm"
          >
            {t('customers.actions.edit')}
          </Link>
          <MenuButton label={t('customers.actions.changeStatus')}>
            {(close) => (
              <ul className="menu w-full p-0">
                {EDITABLE_CUSTOMER_STATUSES.map((status: EditableStatus) => (
                  <li key={status}>
                    <button
                      type="button"
                      disabled={status === customer.status || setStatus.isPending}
                      aria-current={status === customer.status ? 'true' : undefined}
                      onClick={() => {
                        close();
                        setStatus.mutate(customerToInput(customer, { status }));
                      }}
                    >
                      {t(`customers.statuses.${status}`)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </MenuButton>
          <button type="button" className="btn btn-sm" onClick={() => setDialog('delete')}>
            {t('customers.actions.delete')}
          </button>
        </>
      )}
      {canExport && customer.status !== 'PURGED' && (
        <Link
          to="/app/org/$orgId/customers/$customerId/data-export"
          params={{ orgId: organizationId, customerId: customer.id }}
          className="btn btn-sm"
        >
          {t('dataExport.open')}
        </Link>
      )}
      {customer.status !== 'PURGED' && (
        <button type="button" className="btn btn-sm" onClick={() => setDialog('purge')}>
          {t('customers.actions.purge')}
        </button>
      )}
      <DeleteCustomerDialog
        organizationId={organizationId}
        customer={customer}
        isOpen={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDeleted={toList}
      />
      <PurgeCustomerDialog
        organizationId={organizationId}
        customer={customer}
        isOpen={dialog === 'purge'}
        onClose={() => setDialog(null)}
        onPurged={toList}
      />
    </div>
  );
}
