import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { SignUpForm } from '@/features/auth/components/sign-up-form.tsx';
import { AFTER_SIGN_IN_PATH, safeRedirect } from '@/lib/redirects.ts';

export const Route = createFileRoute('/_public/sign-up')({
  staticData: { titleKey: 'auth.signUp.title' },
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string | undefined; email?: string | undefined } => ({
    redirect: safeRedirect(search.redirect),
    // An invitation's "Create account" fills in the invited address.
    email: typeof search.email === 'string' && search.email.length <= 254 ? search.email : undefined,
  }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.userId) throw redirect({ href: search.redirect ?? AFTER_SIGN_IN_PATH });
  },
  component: SignUpRoute,
});

function SignUpRoute() {
  const { redirect: redirectTo, email } = Route.useSearch();
  const router = useRouter();
  return (
    <SignUpForm
      redirectTo={redirectTo}
      email={email}
      onSignedUp={() => router.navigate({ href: redirectTo ?? AFTER_SIGN_IN_PATH })}
    />
  );
}
