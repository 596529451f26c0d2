import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FiltersDisclosureProps = {
  /** How many filters are set, shown on the button so a folded list still says it is filtered. */
  activeCount: number;
  children: ReactNode;
};

/**
 * A list's filters, folded behind a "Filters" button on a phone, where they filled the first screen before
 * any row (#27 item 14); from the `sm` width up they are always shown and the button is gone.
 */
export function FiltersDisclosure({ activeCount, children }: FiltersDisclosureProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        className="btn btn-sm self-start sm:hidden"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen(!isOpen)}
      >
        {t('common.filters')}
        {activeCount > 0 && <span className="badge badge-sm badge-primary">{activeCount}</span>}
      </button>
      <div id={id} className={isOpen ? 'block' : 'hidden sm:block'}>
        {children}
      </div>
    </div>
  );
}
