import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form.tsx';
import { AFTER_SIGN_IN_PATH, safeRedirect } from '@/lib/redirects.ts';

export const Route = createFileRoute('/_public/sign-in')({
  staticData: { titleKey: 'auth.signIn.title' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({
    redirect: safeRedirect(search.redirect),
  }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.userId) throw redirect({ href: search.redirect ?? AFTER_SIGN_IN_PATH });
  },
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect: redirectTo } = Route.useSearch();
  const router = useRouter();
  return (
    <SignInForm
      redirectTo={redirectTo}
      onSignedIn={() => router.navigate({ href: redirectTo ?? AFTER_SIGN_IN_PATH })}
    />
  );
}
