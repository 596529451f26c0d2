import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useCancelPixAutomatico } from '../api/cancel-pix-automatico.ts';

/** Cancel, after "are you sure": the PSP stops every later debit; the customer would have to authorize again. */
export function CancelPixAutomaticoButton({
  organizationId,
  enrollmentId,
}: {
  organizationId: string;
  enrollmentId: string;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const cancel = useCancelPixAutomatico(organizationId, enrollmentId, { onSuccess: () => setIsOpen(false) });
  return (
    <>
      <div>
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setIsOpen(true)}>
          {t('pixAutomatico.cancel.action')}
        </button>
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('pixAutomatico.cancel.title')}
        confirmLabel={t('pixAutomatico.cancel.confirm')}
        onConfirm={() => cancel.mutate()}
        isPending={cancel.isPending}
      >
        <p>{t('pixAutomatico.cancel.body')}</p>
      </ConfirmDialog>
    </>
  );
}
