import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type DialogProps = { isOpen: boolean; onClose: () => void; title: string; children: ReactNode };

/** A native modal <dialog> (focus trap, Escape and backdrop close for free). Content mounts only when open. */
export function Dialog({ isOpen, onClose, title, children }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      {/* text-start: a dialog opened from a centred empty state must not centre its form's labels. */}
      <div className="modal-box text-start">
        <h2 id={titleId} className="mb-4 text-xl font-bold">
          {title}
        </h2>
        {isOpen && children}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          {t('common.close')}
        </button>
      </form>
    </dialog>
  );
}
