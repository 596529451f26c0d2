import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';

export const Route = createFileRoute('/_public/forgot-password')({
  staticData: { titleKey: 'auth.forgotPassword.title' },
  component: ForgotPasswordForm,
});
