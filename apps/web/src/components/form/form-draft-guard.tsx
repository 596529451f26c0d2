import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import type { FormDraftState } from '@/lib/use-form-draft.ts';

/** A restored draft's notice with its "discard" action, and the question asked before leaving unsaved work. */
export function FormDraftGuard({ draft }: { draft: FormDraftState }) {
  const { t } = useTranslation();
  const { blocker } = draft;
  return (
    <>
      {draft.isRestored && (
        <div role="status" className="alert alert-info flex flex-wrap justify-between gap-2">
          <span>{t('forms.draft.restored')}</span>
          <button type="button" className="btn btn-sm" onClick={draft.discard}>
            {t('forms.draft.discard')}
          </button>
        </div>
      )}
      <ConfirmDialog
        isOpen={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('forms.leave.title')}
        confirmLabel={t('forms.leave.confirm')}
        onConfirm={() => blocker.proceed?.()}
        isPending={false}
        tone="warning"
      >
        <p>{t('forms.leave.body')}</p>
      </ConfirmDialog>
    </>
  );
}
