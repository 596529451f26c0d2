import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { usePermissions } from './access-profile.ts';
import { draftKey, readDraft, removeDraft, writeDraft } from './form-drafts.ts';

export type DraftOf = {
  organizationId: string;
  /** The form and its subject, e.g. `medical-record:<customerId>:new:ANAMNESIS`. */
  name: string;
};

// biome-ignore lint/suspicious/noExplicitAny: any form, whatever its resolver's output type
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

export type FormDraftState = ReturnType<typeof useFormDraft>;

/**
 * Keeps a long form's work (issue #27 item 4): every change is written as a draft in this browser until the
 * form is saved, a draft found on return is restored, and leaving with unsaved changes asks first — in-app
 * links, the sidebar and Back through the router's blocker, reload and closing the tab through beforeunload.
 */
export function useFormDraft<T extends FieldValues>(form: AnyForm<T>, of: DraftOf) {
  const { profile } = usePermissions(of.organizationId);
  const key = draftKey({ userId: profile.userId, organizationId: of.organizationId }, of.name);
  const [isRestored, setIsRestored] = useState(false);
  // Set while a save runs: its success navigates away before this form hears about it.
  const isSaving = useRef(false);
  const isDirty = form.formState.isDirty;

  useEffect(() => {
    const draft = readDraft<T>(key);
    if (draft) {
      // Against the saved values, so the restored form counts as changed and leaving still asks.
      form.reset(draft.values, { keepDefaultValues: true });
      setIsRestored(true);
    }
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (isSaving.current) return;
        const isUnchanged = JSON.stringify(values) === JSON.stringify(form.formState.defaultValues);
        if (isUnchanged) removeDraft(key);
        else writeDraft(key, values);
      },
    });
  }, [form, key]);

  const blocker = useBlocker({
    shouldBlockFn: () => isDirty && !isSaving.current,
    enableBeforeUnload: () => isDirty && !isSaving.current,
    withResolver: true,
  });

  return {
    isRestored,
    blocker,
    discard: () => {
      removeDraft(key);
      form.reset();
      setIsRestored(false);
    },
    /** Runs the save; once it succeeds the draft goes, and the navigation it makes is not held up. */
    save: async <R>(run: () => Promise<R>): Promise<R> => {
      isSaving.current = true;
      try {
        const saved = await run();
        removeDraft(key);
        return saved;
      } catch (error) {
        isSaving.current = false;
        throw error;
      }
    },
  };
}
