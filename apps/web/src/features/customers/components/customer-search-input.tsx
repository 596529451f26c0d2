import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DEBOUNCE_MS = 300;

type CustomerSearchInputProps = {
  /** The search as the URL holds it. */
  value: string;
  onSearch: (search: string) => void;
};

/**
 * Typing updates the URL once the user pauses. The URL wins when it changes from elsewhere (back button),
 * but not while it is only catching up with what was typed.
 */
export function CustomerSearchInput({ value, onSearch }: CustomerSearchInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);

  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const search = text.trim();
    if (search === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = search;
      onSearch(search);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {t('customers.list.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        className="input w-full md:w-96"
        placeholder={t('customers.list.searchPlaceholder')}
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
