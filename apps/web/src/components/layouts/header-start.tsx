import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/** Where the app header keeps room, at its start, for a nested layout's own controls. */
export const HeaderStartContext = createContext<HTMLElement | null>(null);

/**
 * Renders its children at the start of the app header, so a nested layout (the organization's menu button
 * and name on a phone) shares the header's one row instead of adding a second bar below it.
 */
export function HeaderStart({ children }: { children: ReactNode }) {
  const slot = useContext(HeaderStartContext);
  return slot ? createPortal(children, slot) : null;
}
