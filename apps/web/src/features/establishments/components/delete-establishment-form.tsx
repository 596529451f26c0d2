import type { Establishment } from '@reformer/domain/establishments';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { useDeleteEstablishment } from '../api/delete-establishment.ts';

type DeleteEstablishmentFormProps = {
  organizationId: string;
  establishment: Establishment;
  onDone: () => void;
};

/** Confirmation; an establishment still in use is explained here, not only in a toast. */
export function DeleteEstablishmentForm({
  organizationId,
  establishment,
  onDone,
}: DeleteEstablishmentFormProps) {
  const { t } = useTranslation();
  const deleteEstablishment = useDeleteEstablishment(organizationId, { onSuccess: onDone });
  const isInUse =
    deleteEstablishment.error instanceof ApiError &&
    deleteEstablishment.error.code === 'ESTABLISHMENT_IN_USE';

  return (
    <div className="flex flex-col gap-4">
      <p>{t('establishments.delete.body', { name: establishment.name })}</p>
      {isInUse && (
        <div role="alert" className="alert alert-warning">
          {t('errors.ESTABLISHMENT_IN_USE')}
        </div>
      )}
      <DialogActions onCancel={onDone}>
        <button
          type="button"
          className="btn btn-error"
          disabled={deleteEstablishment.isPending || isInUse}
          onClick={() => deleteEstablishment.mutate({ id: establishment.id, name: establishment.name })}
        >
          {t('establishments.delete.submit')}
        </button>
      </DialogActions>
    </div>
  );
}
