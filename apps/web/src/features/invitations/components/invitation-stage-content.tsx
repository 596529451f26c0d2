import { ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import type { InvitationStage } from './invitation-stage.ts';
import { InvitationSummary } from './invitation-summary.tsx';

type StageContentProps = {
  stage: InvitationStage;
  returnTo: string;
  isSignedIn: boolean;
  isSwitchingAccount: boolean;
  onSwitchAccount: () => void;
};

/** What the invitation page shows at each stage. */
export function StageContent({
  stage,
  returnTo,
  isSignedIn,
  isSwitchingAccount,
  onSwitchAccount,
}: StageContentProps) {
  const { t } = useTranslation();
  switch (stage.kind) {
    case 'validating':
      return <Spinner label={t('invitations.page.validating')} />;
    case 'processing':
      return (
        <>
          <h1 className="text-2xl font-bold">{t('invitations.page.processingTitle')}</h1>
          <Spinner label={t('invitations.page.processing', { name: stage.preview.organizationName })} />
        </>
      );
    case 'signInRequired':
      return (
        <>
          <h1 className="text-2xl font-bold">
            {t('invitations.page.invitedTitle', { name: stage.preview.organizationName })}
          </h1>
          <InvitationSummary preview={stage.preview} />
          <p>{t('invitations.page.signInRequired', { email: stage.preview.email })}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/sign-in" search={{ redirect: returnTo }} className="btn btn-primary">
              {t('auth.signIn.submit')}
            </Link>
            <Link to="/sign-up" search={{ redirect: returnTo, email: stage.preview.email }} className="btn">
              {t('auth.signUp.submit')}
            </Link>
          </div>
        </>
      );
    case 'emailMismatch':
      return (
        <>
          <h1 className="text-2xl font-bold">{t('invitations.page.mismatchTitle')}</h1>
          <p role="alert" className="alert alert-warning">
            {t('errors.INVITATION_EMAIL_MISMATCH')}
          </p>
          {stage.preview && (
            <p>
              {t('invitations.page.mismatchDetails', {
                signedInEmail: stage.signedInEmail,
                invitedEmail: stage.preview.email,
              })}
            </p>
          )}
          <div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={isSwitchingAccount}
              onClick={onSwitchAccount}
            >
              {t('invitations.page.switchAccount')}
            </button>
          </div>
        </>
      );
    case 'accepted':
      return (
        <>
          <h1 className="text-2xl font-bold">
            {t('invitations.page.acceptedTitle', { name: stage.accepted.organizationName })}
          </h1>
          <p>
            {t('invitations.page.acceptedRole', {
              role: stage.accepted.role ? t(ROLE_LABEL_KEYS[stage.accepted.role]) : t('roles.none'),
            })}
          </p>
          <div>
            <Link
              to="/app/org/$orgId"
              params={{ orgId: stage.accepted.organizationId }}
              className="btn btn-primary"
            >
              {t('invitations.page.enter', { name: stage.accepted.organizationName })}
            </Link>
          </div>
        </>
      );
    case 'invalid':
    case 'alreadyMember':
      return (
        <Problem title={t('invitations.page.unavailableTitle')} isSignedIn={isSignedIn}>
          {stage.kind === 'invalid' ? t('errors.INVITATION_INVALID') : t('errors.STAFF_ALREADY_MEMBER')}
        </Problem>
      );
    case 'error':
      return (
        <Problem title={t('errorScreens.somethingWentWrong.title')} isSignedIn={isSignedIn}>
          <span>{describeError(stage.error)}</span>
          <button type="button" className="btn btn-sm" onClick={stage.retry}>
            {t('common.retry')}
          </button>
        </Problem>
      );
  }
}

function Problem({
  title,
  isSignedIn,
  children,
}: {
  title: string;
  isSignedIn: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <div role="alert" className="alert alert-warning">
        {children}
      </div>
      <div>
        {isSignedIn ? (
          <Link to="/app/select-organization" className="btn">
            {t('errorScreens.goToOrganizations')}
          </Link>
        ) : (
          <a href="/" className="btn">
            {t('errorScreens.goHome')}
          </a>
        )}
      </div>
    </>
  );
}
