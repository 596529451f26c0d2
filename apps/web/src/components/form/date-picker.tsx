import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthCalendar } from './month-calendar.tsx';

type DatePickerProps = {
  /** The date the field names now, or null. */
  value: string | null;
  min?: string | undefined;
  isSmall: boolean;
  onPick: (date: string) => void;
};

/**
 * The calendar button inside a date field and its month popover. A native popover: it sits in the top layer
 * (above a modal dialog too), and Escape or a click elsewhere closes it and gives focus back to the button.
 */
export function DatePicker({ value, min, isSmall, onPick }: DatePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  usePlacement(isOpen, buttonRef, popoverRef);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={id}
        className={`btn btn-ghost btn-square ${isSmall ? 'btn-xs' : 'btn-sm'}`}
        aria-label={t('forms.dateEntry.openCalendar')}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
      >
        <CalendarIcon />
      </button>
      <div
        ref={popoverRef}
        id={id}
        popover="auto"
        role="dialog"
        aria-label={t('forms.dateEntry.calendar')}
        className="fixed inset-auto m-0 rounded-box border border-base-300 bg-base-100 p-2 text-base-content shadow-lg"
        onToggle={(event) => {
          setIsOpen(event.newState === 'open');
          const focus = document.activeElement;
          if (event.newState === 'closed' && (!focus || focus === document.body)) buttonRef.current?.focus();
        }}
      >
        {isOpen && (
          <MonthCalendar
            value={value}
            min={min}
            onPick={(date) => {
              onPick(date);
              popoverRef.current?.hidePopover();
            }}
          />
        )}
      </div>
    </>
  );
}

const GAP = 4;
const MARGIN = 8;

/**
 * Under the field, its end aligned with the field's (where the button is), or above it when the window has
 * no room below; kept there while the page scrolls or the window resizes.
 */
function usePlacement(
  isOpen: boolean,
  buttonRef: RefObject<HTMLButtonElement | null>,
  popoverRef: RefObject<HTMLDivElement | null>,
) {
  useLayoutEffect(() => {
    const popover = popoverRef.current;
    const field = buttonRef.current?.parentElement;
    if (!isOpen || !popover || !field) return;
    const place = () => {
      const anchor = field.getBoundingClientRect();
      const { width, height } = popover.getBoundingClientRect();
      const below = anchor.bottom + GAP;
      const above = anchor.top - GAP - height;
      const fitsBelow = below + height <= window.innerHeight - MARGIN;
      const top = fitsBelow || above < MARGIN ? below : above;
      const left = Math.min(Math.max(MARGIN, anchor.right - width), window.innerWidth - width - MARGIN);
      popover.style.top = `${top}px`;
      popover.style.left = `${Math.max(MARGIN, left)}px`;
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [isOpen, buttonRef, popoverRef]);
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path strokeLinecap="round" d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
