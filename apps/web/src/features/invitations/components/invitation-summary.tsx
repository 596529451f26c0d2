import type { InvitationPreview } from '@reformer/domain/invitations';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@/lib/format.ts';
import { InvitationRoles } from './invitation-roles.tsx';

/** What the invitation offers: for whom, which roles, until when. */
export function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="font-medium">{t('invitations.page.invitedEmail')}</dt>
      <dd>{preview.email}</dd>
      <dt className="font-medium">{t('invitations.columns.role')}</dt>
      <dd>
        <InvitationRoles role={preview.role} assignments={preview.establishments} />
      </dd>
      <dt className="font-medium">{t('invitations.columns.expiresAt')}</dt>
      <dd>{formatDate(preview.expiresAt)}</dd>
    </dl>
  );
}
