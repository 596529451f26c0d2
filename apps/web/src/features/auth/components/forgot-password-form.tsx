import { ForgotPasswordInput } from '@reformer/domain/users';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { domainResolver } from '@/lib/forms.ts';
import { publicConfigQueryOptions } from '../api/get-public-config.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from './auth-card.tsx';

/** Asks for a reset link; without SMTP on the server, says who can issue one instead. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const config = useQuery(publicConfigQueryOptions());
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState, getValues } = useForm({
    resolver: domainResolver(ForgotPasswordInput),
    defaultValues: { email: '' },
  });
  const backToSignIn = (
    <Link to="/sign-in" className="link link-primary text-sm">
      {t('auth.forgotPassword.backToSignIn')}
    </Link>
  );

  if (config.data && !config.data.email) {
    return (
      <AuthCard title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.noEmailTitle')}>
        <p role="status" className="alert alert-info">
          {t('auth.forgotPassword.noEmail')}
        </p>
        {backToSignIn}
      </AuthCard>
    );
  }
  if (request.isSuccess) {
    return (
      <AuthCard title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')}>
        <p role="status" className="alert alert-success">
          {t('auth.forgotPassword.sent', { email: getValues('email') })}
        </p>
        {backToSignIn}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(({ email }) => request.mutate(email))}
      >
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          error={formState.errors.email}
          {...register('email')}
        />
        {request.isError && (
          <p role="alert" className="alert alert-error">
            {describeError(request.error, 'common.errors.generic')}
          </p>
        )}
        <button type="submit" className="btn btn-primary mt-2" disabled={request.isPending || !config.data}>
          {request.isPending ? t('auth.forgotPassword.submitting') : t('auth.forgotPassword.submit')}
        </button>
      </form>
      {backToSignIn}
    </AuthCard>
  );
}
