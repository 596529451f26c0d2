import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

type MenuButtonProps = {
  label: ReactNode;
  children: (close: () => void) => ReactNode;
};

/** A button that opens a small menu below it; closes on Escape, on a click outside, and after a choice. */
export function MenuButton({ label, children }: MenuButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {label}
      </button>
      {isOpen && (
        <div
          id={menuId}
          className="absolute right-0 z-20 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {children(() => setIsOpen(false))}
        </div>
      )}
    </div>
  );
}
