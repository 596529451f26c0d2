import type { Customer } from '@reformer/domain/customers';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { usePersonName } from '@/lib/person-name.ts';
import { useRemoveCustomer } from '../api/remove-customer.ts';

type DeleteCustomerDialogProps = {
  organizationId: string;
  customer: Customer;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: () => unknown;
};

export function DeleteCustomerDialog({
  organizationId,
  customer,
  isOpen,
  onClose,
  onDeleted,
}: DeleteCustomerDialogProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const deleteCustomer = useRemoveCustomer('delete', organizationId, customer.id, { onSuccess: onDeleted });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('customers.delete.title')}
      confirmLabel={t('customers.delete.submit')}
      isPending={deleteCustomer.isPending}
      onConfirm={() => deleteCustomer.mutate()}
    >
      <p>{t('customers.delete.body', { name: nameOf(customer) })}</p>
    </ConfirmDialog>
  );
}
