import { type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { toast } from 'sonner';
import { describeError } from './error-messages.ts';
import type { TranslationKey } from './i18n-keys.ts';

export type MutationToasts<TData, TVariables> = {
  loading: string;
  success: string | ((data: TData, variables: TVariables) => string);
  /** Shown when the error carries nothing more specific (spec §8 "Failed to … Please try again."). */
  errorFallback: TranslationKey;
  /** For calls whose errors have their own texts (better-auth's codes). */
  describeError?: (error: Error, fallbackKey: TranslationKey) => string;
};

type ToastMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables, { toastId: string | number }>,
  'onMutate' | 'onSuccess' | 'onError'
> & {
  toasts: MutationToasts<TData, TVariables>;
  /** Runs before the mutation settles, so awaited invalidations finish while the button still says "Saving…". */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => void;
};

/** Every mutation shows a loading toast, then a success or an error toast in its place (spec §4). */
export function useToastMutation<TData, TVariables = void>({
  toasts,
  onSuccess,
  onError,
  ...options
}: ToastMutationOptions<TData, TVariables>) {
  const mutation = useMutation({
    ...options,
    onMutate: () => ({ toastId: toast.loading(toasts.loading) }),
    onSuccess: async (data, variables, context) => {
      await onSuccess?.(data, variables);
      const message = typeof toasts.success === 'function' ? toasts.success(data, variables) : toasts.success;
      toast.success(message, { id: context.toastId });
    },
    onError: (error, variables, context) => {
      const describe = toasts.describeError ?? describeError;
      toast.error(describe(error, toasts.errorFallback), { id: context?.toastId });
      onError?.(error, variables);
    },
  });
  return useSinglePending(mutation);
}

/**
 * A second call while one is running (a double click, Enter pressed twice) joins the running one instead
 * of sending again: the disabled button only takes effect at the next render, after both clicks.
 */
function useSinglePending<TData, TVariables, TContext>(
  mutation: UseMutationResult<TData, Error, TVariables, TContext>,
): UseMutationResult<TData, Error, TVariables, TContext> {
  const running = useRef<Promise<TData> | null>(null);
  const { mutateAsync: run } = mutation;
  const mutateAsync = useCallback(
    (...args: Parameters<typeof run>) => {
      running.current ??= run(...args).finally(() => {
        running.current = null;
      });
      return running.current;
    },
    [run],
  );
  const mutate = useCallback(
    (...args: Parameters<typeof run>) => {
      mutateAsync(...args).catch(() => {
        // Reported by the error toast and the mutation's state.
      });
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
