import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';

type ConfirmDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in the user's words. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  /** Why the action cannot be done (the server's refusal), shown in place; the button is then disabled. */
  refusal?: string | null | undefined;
  tone?: 'error' | 'warning';
};

/** "Are you sure?" for a destructive action: Cancel, and the action disabled while it runs. */
export function ConfirmDialog({
  isOpen,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  isPending,
  refusal,
  tone = 'error',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      {children}
      {refusal && (
        <p role="alert" className="alert alert-warning mt-3">
          {refusal}
        </p>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={`btn ${tone === 'error' ? 'btn-error' : 'btn-warning'}`}
          disabled={isPending || Boolean(refusal)}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
