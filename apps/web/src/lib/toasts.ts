import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
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
  return useMutation({
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
}
