import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '@/features/invitations/components/invitation-page.tsx';

export const Route = createFileRoute('/staff-invite/$token')({
  staticData: { titleKey: 'invitations.page.documentTitle' },
  component: StaffInviteRoute,
});

function StaffInviteRoute() {
  const { token } = Route.useParams();
  return <InvitationPage token={token} />;
}
