import { readStored, store } from './preference-storage.ts';

/**
 * Unsaved form work kept in this browser's localStorage (decision 034): clinical data, so a draft is keyed by
 * the signed-in user as well as the organization and the form, and every draft goes on save and on sign-out.
 */

const PREFIX = 'reformer.draft:';

export type DraftOwner = { userId: string; organizationId: string };

export type FormDraft<T> = { values: T; savedAt: string };

export function draftKey(owner: DraftOwner, form: string): string {
  return `${PREFIX}${owner.userId}:${owner.organizationId}:${form}`;
}

export function readDraft<T>(key: string): FormDraft<T> | null {
  const stored = readStored(key);
  if (!stored) return null;
  try {
    const draft = JSON.parse(stored) as FormDraft<T>;
    return draft && typeof draft === 'object' && 'values' in draft ? draft : null;
  } catch {
    return null; // a draft written by an older version of the form is dropped, not shown half-restored
  }
}

export function writeDraft<T>(key: string, values: T): void {
  store(key, JSON.stringify({ values, savedAt: new Date().toISOString() } satisfies FormDraft<T>));
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/** On sign-out: the next person at this browser must not find anyone's clinical notes. */
export function removeAllDrafts(): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(PREFIX));
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}
