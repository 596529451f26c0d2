import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyLink, useWhatsAppShareUrl } from '../share-link.ts';

type ShareInvitationLinkProps = {
  email: string;
  inviteUrl: string;
  /** Whether the server e-mailed the link; without an e-mail server the inviter must share it. */
  emailSent: boolean;
  organizationName: string;
  onDone: () => void;
};

/** The invitation link to copy or send over WhatsApp (no e-mail server, or as well as the e-mail). */
export function ShareInvitationLink({
  email,
  inviteUrl,
  emailSent,
  organizationName,
  onDone,
}: ShareInvitationLinkProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const copyLink = useCopyLink();
  const whatsAppShareUrl = useWhatsAppShareUrl();

  return (
    <div className="flex flex-col gap-3">
      {emailSent ? (
        <p>{t('invitations.share.emailed', { email })}</p>
      ) : (
        <p role="note" className="alert alert-info">
          {t('invitations.share.notEmailed', { email })}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('invitations.share.linkLabel')}
        </label>
        <input
          id={inputId}
          className="input w-full font-mono text-xs"
          readOnly
          value={inviteUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-sm" onClick={() => void copyLink(inviteUrl)}>
          {t('invitations.share.copy')}
        </button>
        <a
          className="btn btn-sm btn-success"
          href={whatsAppShareUrl(organizationName, inviteUrl)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('invitations.share.whatsapp')}
        </a>
      </div>
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('invitations.share.done')}
        </button>
      </div>
    </div>
  );
}
