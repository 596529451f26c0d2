import { SignUpInput } from '@reformer/domain/users';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { env } from '@/env.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { AFTER_SIGN_IN_PATH } from '@/lib/redirects.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';
import { ProviderSignIn } from './provider-sign-in.tsx';

type SignUpFormProps = {
  redirectTo: string | undefined;
  email?: string | undefined;
  onSignedUp: () => unknown;
};

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

export function SignUpForm({ redirectTo, email = '', onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: domainResolver(SignUpInput),
    defaultValues: { firstName: '', lastName: '', email, password: '', confirmPassword: '' },
  });
  const signUp = useSignUp({ onSuccess: onSignedUp });
  const { errors } = formState;

  const submit = handleSubmit((input) =>
    signUp.mutate(input, { onError: (error) => applyServerFieldErrors(error, setError, FIELDS) }),
  );

  return (
    <AuthCard title={t('auth.signUp.title')} subtitle={t('auth.signUp.subtitle', { appName: env.appName })}>
      <ProviderSignIn callbackURL={redirectTo ?? AFTER_SIGN_IN_PATH} />
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            error={errors.firstName}
            {...register('firstName')}
          />
          <TextField
            label={t('auth.fields.lastName')}
            autoComplete="family-name"
            error={errors.lastName}
            {...register('lastName')}
          />
        </div>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email}
          {...register('email')}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          error={errors.password}
          {...register('password')}
        />
        <TextField
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          {...register('confirmPassword')}
        />
        <button type="submit" className="btn btn-primary mt-2" disabled={signUp.isPending}>
          {signUp.isPending ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
        </button>
      </form>
      <p className="text-sm">
        {t('auth.signUp.haveAccount')}{' '}
        <Link to="/sign-in" search={{ redirect: redirectTo }} className="link link-primary">
          {t('auth.signUp.signInLink')}
        </Link>
      </p>
    </AuthCard>
  );
}
