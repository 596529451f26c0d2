import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useSignOut } from '@/features/auth/api/sign-out.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { invitationPreviewQueryOptions } from '../api/validate-invitation.ts';
import { invitationStage } from './invitation-stage.ts';
import { StageContent } from './invitation-stage-content.tsx';

/**
 * `/staff-invite/{token}` (spec §4): validating, then sign-in required when signed out, processing, and
 * accepted or invalid; signed in with another email, the email-mismatch stage offers to switch account.
 * The invited user joins as soon as the link is validated: opening their own invitation is the consent.
 */
export function InvitationPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const session = useQuery(sessionQueryOptions());
  const preview = useQuery(invitationPreviewQueryOptions(token));
  const accept = useAcceptInvitation();
  const signOut = useSignOut();
  const [isSwitchingAccount, setIsSwitchingAccount] = useState(false);
  const user = session.data?.user ?? null;
  const returnTo = `/staff-invite/${token}`;

  const { mutate: acceptInvitation } = accept;
  const stage = invitationStage({
    preview: preview.data,
    previewError: preview.error,
    retryPreview: () => void preview.refetch(),
    accepted: accept.data,
    acceptError: accept.error,
    retryAccept: () => acceptInvitation(token),
    signedInEmail: user?.email ?? null,
  });

  // A ref, not state: strict mode runs effects twice, and an invitation can be used only once.
  const hasStarted = useRef(false);
  const shouldAccept = stage.kind === 'processing' && accept.isIdle;
  useEffect(() => {
    if (!shouldAccept || hasStarted.current) return;
    hasStarted.current = true;
    acceptInvitation(token);
  }, [shouldAccept, acceptInvitation, token]);

  // Leave only once the session is gone, or the sign-in page would send a signed-in user straight back.
  useEffect(() => {
    if (isSwitchingAccount && !user) void navigate({ to: '/sign-in', search: { redirect: returnTo } });
  }, [isSwitchingAccount, user, navigate, returnTo]);

  const switchAccount = () => {
    setIsSwitchingAccount(true);
    signOut.mutate(undefined, { onError: () => setIsSwitchingAccount(false) });
  };

  return (
    <div className="flex justify-center px-4 py-12">
      <section className="card w-full max-w-lg border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <StageContent
            stage={stage}
            returnTo={returnTo}
            isSignedIn={user !== null}
            isSwitchingAccount={isSwitchingAccount}
            onSwitchAccount={switchAccount}
          />
        </div>
      </section>
    </div>
  );
}
