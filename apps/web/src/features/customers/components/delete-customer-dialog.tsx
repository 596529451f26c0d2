import type { Customer } from '@reformer/domain/customers';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useRemoveCustomer } from '../api/remove-customer.ts';
import { useCustomerName } from './customer-name.ts';

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
  const nameOf = useCustomerName();
  const deleteCustomer = useRemoveCustomer('delete', organizationId, customer.id, { onSuccess: onDeleted });
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('customers.delete.title')}>
      <p>{t('customers.delete.body', { name: nameOf(customer) })}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={deleteCustomer.isPending}
          onClick={() => deleteCustomer.mutate()}
        >
          {t('customers.delete.submit')}
        </button>
      </div>
    </Dialog>
  );
}
