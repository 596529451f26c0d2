import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a pre-rendered page is rendered on the server or hydrated, true from then on (and at once in
 * a client-rendered app). A control that needs JavaScript stays disabled until it can act: a visitor who
 * clicks early, or has no JavaScript, is not left with a button that silently does nothing.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
