import { createFileRoute, useRouter } from '@tanstack/react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form.tsx';

export const Route = createFileRoute('/_public/reset-password')({
  staticData: { titleKey: 'auth.resetPassword.title' },
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: typeof search.token === 'string' && search.token ? search.token : undefined,
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  const router = useRouter();
  return <ResetPasswordForm token={token} onDone={() => router.navigate({ to: '/sign-in' })} />;
}
