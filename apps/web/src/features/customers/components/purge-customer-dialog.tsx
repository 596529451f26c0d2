import type { Customer } from '@reformer/domain/customers';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { usePersonName } from '@/lib/person-name.ts';
import { useRemoveCustomer } from '../api/remove-customer.ts';

type PurgeCustomerDialogProps = {
  organizationId: string;
  customer: Customer;
  isOpen: boolean;
  onClose: () => void;
  onPurged: () => unknown;
};

/**
 * Erasure for a data-subject request (LGPD) cannot be undone, so the name must be typed back, as when
 * leaving an organization.
 */
export function PurgeCustomerDialog({
  organizationId,
  customer,
  isOpen,
  onClose,
  onPurged,
}: PurgeCustomerDialogProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const purgeCustomer = useRemoveCustomer('purge', organizationId, customer.id, { onSuccess: onPurged });
  const name = nameOf(customer);
  const isConfirmed = typed.trim() === name;
  const close = () => {
    setTyped('');
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('customers.purge.title')}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (isConfirmed) purgeCustomer.mutate();
        }}
      >
        <p>{t('customers.purge.body', { name })}</p>
        <p className="alert alert-warning">{t('customers.purge.irreversible')}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('customers.purge.confirmLabel', { name })}
          </label>
          <input
            id={inputId}
            className="input w-full"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-error" disabled={!isConfirmed || purgeCustomer.isPending}>
            {t('customers.purge.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
