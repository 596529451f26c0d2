import { caretAfterMask, type EntryFormat, entryValue } from '@reformer/domain/date-entry';
import type { Language } from '@reformer/domain/preferences';
import { type ChangeEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react';

type EntryTextOptions = {
  format: EntryFormat;
  language: Language;
  /** The form's value (ISO, empty, or text typed that names nothing yet). */
  value: string;
  onChange: (value: string) => void;
  onBlur: (() => void) | undefined;
};

export type EntryText = {
  text: string;
  /** The user left the field with text that names no date or time. */
  isUnreadable: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onInput: (event: ChangeEvent<HTMLInputElement>) => void;
  onLeave: () => void;
  /** Sets a whole value from elsewhere than the keyboard (the calendar). */
  choose: (value: string) => void;
};

/**
 * The text a date or time field shows, kept apart from the form's value: typing masks it and hands the form
 * ISO (or the text, for the schema to refuse); a value set from outside — a reset, the plan's end date, a
 * language switch — replaces it, while a value the parent ignores (a filter waiting for a whole date) leaves
 * what is being typed alone.
 */
export function useEntryText({ format, language, value, onChange, onBlur }: EntryTextOptions): EntryText {
  const [text, setText] = useState(() => format.display(value, language));
  const [seen, setSeen] = useState({ value, language });
  const [isLeft, setIsLeft] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  if (seen.value !== value || seen.language !== language) {
    setSeen({ value, language });
    if (seen.language !== language || value !== entryValue(format, text, language)) {
      setText(format.display(value, language));
    }
  }

  // Masking rewrites the text, which would throw the caret to the end of an edit made in the middle.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || input !== document.activeElement) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const update = (next: string) => {
    setText(next);
    setIsLeft(false);
    onChange(entryValue(format, next, language));
  };

  return {
    text,
    isUnreadable: isLeft && text.trim() !== '' && format.parse(text, language) === null,
    inputRef,
    onInput: (event) => {
      const typed = event.target.value;
      // Deleting keeps the text as left: masking again would put back the separator just deleted.
      const isDeleting = (event.nativeEvent as InputEvent).inputType?.startsWith('delete') ?? false;
      const next = isDeleting ? typed : format.mask(typed, language);
      caret.current = caretAfterMask(typed, event.target.selectionStart ?? typed.length, next);
      update(next);
    },
    onLeave: () => {
      const parsed = format.parse(text, language);
      // "7 PM" reads as 7:00 PM: shown so once left, as the form will show it when opened again.
      if (parsed !== null) setText(format.display(parsed, language));
      setIsLeft(true);
      onBlur?.();
    },
    choose: (next) => update(format.display(next, language)),
  };
}
