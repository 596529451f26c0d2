import { type InvitationPreview, isSameEmail } from '@reformer/domain/invitations';
import { ApiError, isClientError } from '@/lib/api-error.ts';
import type { AcceptedInvitation } from '../api/accept-invitation.ts';

/** The stages of the invitation page (spec §4), plus "already a member" and a retryable failure. */
export type InvitationStage =
  | { kind: 'validating' }
  | { kind: 'signInRequired'; preview: InvitationPreview }
  | { kind: 'processing'; preview: InvitationPreview }
  | { kind: 'accepted'; accepted: AcceptedInvitation }
  | { kind: 'invalid' }
  | { kind: 'alreadyMember' }
  | { kind: 'emailMismatch'; preview: InvitationPreview | null; signedInEmail: string }
  | { kind: 'error'; error: Error; retry: () => void };

type StageInput = {
  preview: InvitationPreview | undefined;
  previewError: Error | null;
  retryPreview: () => void;
  accepted: AcceptedInvitation | undefined;
  acceptError: Error | null;
  retryAccept: () => void;
  signedInEmail: string | null;
};

const errorCodeOf = (error: Error) => (error instanceof ApiError ? error.code : null);

function stageAfterFailedAcceptance(input: StageInput, error: Error): InvitationStage {
  switch (errorCodeOf(error)) {
    case 'INVITATION_EMAIL_MISMATCH':
      return {
        kind: 'emailMismatch',
        preview: input.preview ?? null,
        signedInEmail: input.signedInEmail ?? '',
      };
    case 'INVITATION_INVALID':
      return { kind: 'invalid' };
    case 'STAFF_ALREADY_MEMBER':
      return { kind: 'alreadyMember' };
    default:
      return { kind: 'error', error, retry: input.retryAccept };
  }
}

/** The acceptance outcome wins over the validation, which may be refetched (and fail) after the token is used. */
export function invitationStage(input: StageInput): InvitationStage {
  const { preview, previewError, accepted, acceptError, signedInEmail } = input;
  if (accepted) return { kind: 'accepted', accepted };
  if (acceptError) return stageAfterFailedAcceptance(input, acceptError);
  // Any 4xx (404 INVITATION_INVALID, a malformed token) means this link will not work.
  if (previewError) {
    return isClientError(previewError)
      ? { kind: 'invalid' }
      : { kind: 'error', error: previewError, retry: input.retryPreview };
  }
  if (!preview) return { kind: 'validating' };
  if (!signedInEmail) return { kind: 'signInRequired', preview };
  if (!isSameEmail(signedInEmail, preview.email)) return { kind: 'emailMismatch', preview, signedInEmail };
  return { kind: 'processing', preview };
}
