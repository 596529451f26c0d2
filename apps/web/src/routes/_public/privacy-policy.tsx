import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../../features/landing/components/privacy-policy-page.tsx';

export const Route = createFileRoute('/_public/privacy-policy')({
  component: PrivacyPolicyPage,
});
