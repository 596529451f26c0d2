import { ResetPasswordInput } from '@reformer/domain/users';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';

const FIELDS = ['newPassword', 'confirmPassword'] as const;

/** The page a reset link opens: a new password for the account the one-time token names. */
export function ResetPasswordForm({ token, onDone }: { token: string | undefined; onDone: () => unknown }) {
  const { t } = useTranslation();
  const reset = useResetPassword({ onSuccess: onDone });
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: domainResolver(ResetPasswordInput),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  if (!token) {
    return (
      <AuthCard title={t('auth.resetPassword.title')} subtitle={t('auth.resetPassword.invalid')}>
        <Link to="/forgot-password" className="btn btn-primary">
          {t('auth.resetPassword.askAgain')}
        </Link>
      </AuthCard>
    );
  }
  const submit = handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      { onError: (error) => applyServerFieldErrors(error, setError, FIELDS) },
    ),
  );
  return (
    <AuthCard title={t('auth.resetPassword.title')} subtitle={t('auth.resetPassword.subtitle')}>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <TextField
          label={t('auth.resetPassword.newPassword')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.newPassword}
          {...register('newPassword')}
        />
        <TextField
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword}
          {...register('confirmPassword')}
        />
        <button type="submit" className="btn btn-primary mt-2" disabled={reset.isPending}>
          {reset.isPending ? t('auth.resetPassword.submitting') : t('auth.resetPassword.submit')}
        </button>
      </form>
      <Link to="/forgot-password" className="link link-primary text-sm">
        {t('auth.resetPassword.askAgain')}
      </Link>
    </AuthCard>
  );
}
