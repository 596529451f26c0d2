import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The footer of a form or confirmation: Cancel, then the actions given as children. */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      {children}
    </div>
  );
}
