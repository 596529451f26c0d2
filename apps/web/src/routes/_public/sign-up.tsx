import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { AFTER_SIGN_IN_PATH, safeRedirect } from '../../lib/redirects.ts';

export const Route = createFileRoute('/_public/sign-up')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({
    redirect: safeRedirect(search.redirect),
  }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.userId) throw redirect({ href: search.redirect ?? AFTER_SIGN_IN_PATH });
  },
  component: SignUpRoute,
});

function SignUpRoute() {
  const { redirect: redirectTo } = Route.useSearch();
  const router = useRouter();
  return (
    <SignUpForm
      redirectTo={redirectTo}
      onSignedUp={() => router.navigate({ href: redirectTo ?? AFTER_SIGN_IN_PATH })}
    />
  );
}
