import { SignInInput } from '@reformer/domain/users';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { env } from '@/env.ts';
import { domainResolver } from '@/lib/forms.ts';
import { AFTER_SIGN_IN_PATH } from '@/lib/redirects.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { ProviderSignIn } from './provider-sign-in.tsx';

type SignInFormProps = { redirectTo: string | undefined; onSignedIn: () => unknown };

export function SignInForm({ redirectTo, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSignIn({ onSuccess: onSignedIn });
  const { register, handleSubmit, formState } = useForm({
    resolver: domainResolver(SignInInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;

  return (
    <AuthCard title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle', { appName: env.appName })}>
      <ProviderSignIn callbackURL={redirectTo ?? AFTER_SIGN_IN_PATH} />
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit((input) => signIn.mutate(input))}
      >
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
          autoComplete="current-password"
          error={errors.password}
          {...register('password')}
        />
        <Link to="/forgot-password" className="link link-primary self-end text-sm">
          {t('auth.forgotPassword.link')}
        </Link>
        <button type="submit" className="btn btn-primary mt-2" disabled={signIn.isPending}>
          {signIn.isPending ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </button>
      </form>
      <p className="text-sm">
        {t('auth.signIn.noAccount')}{' '}
        <Link to="/sign-up" search={{ redirect: redirectTo }} className="link link-primary">
          {t('auth.signIn.signUpLink')}
        </Link>
      </p>
    </AuthCard>
  );
}
