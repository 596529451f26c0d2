import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { useAddToWaitlist } from '../api/add-to-waitlist.ts';
import { CustomerPicker, type PickedCustomer } from './customer-picker.tsx';

type Props = {
  organizationId: string;
  sessionId: string;
  /** Customers on the roster or in the line already: shown, not offered again. */
  excludedIds: ReadonlySet<string>;
  disabled: boolean;
};

/** "Add to waitlist": the roster's customer search; the picked customers join the end of the line in order. */
export function AddToWaitlistDialog({ organizationId, sessionId, excludedIds, disabled }: Props) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => setIsOpen(true)}>
        {t('waitlist.add')}
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title={t('waitlist.addTitle')}>
        <AddForm
          organizationId={organizationId}
          sessionId={sessionId}
          excludedIds={excludedIds}
          onClose={() => setIsOpen(false)}
        />
      </Dialog>
    </>
  );
}

function AddForm({
  organizationId,
  sessionId,
  excludedIds,
  onClose,
}: Omit<Props, 'disabled'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<PickedCustomer[]>([]);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const add = useAddToWaitlist(organizationId, sessionId, { onSuccess: onClose });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (picked.length === 0) return;
    add.mutateAsync(picked.map((customer) => customer.id)).catch(() => undefined);
  };
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <CustomerPicker
        organizationId={organizationId}
        value={picked}
        onChange={setPicked}
        excludedIds={excludedIds}
        error={isSubmitted && picked.length === 0 ? t('validation.customersRequired') : undefined}
      />
      <DialogActions onCancel={onClose}>
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending ? t('common.saving') : t('waitlist.add')}
        </button>
      </DialogActions>
    </form>
  );
}
