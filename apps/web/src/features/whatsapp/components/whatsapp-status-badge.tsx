import type { WhatsAppMessage } from '@reformer/domain/whatsapp';
import { useTranslation } from 'react-i18next';

const BADGE: Record<WhatsAppMessage['status'], string> = {
  accepted: 'badge-ghost',
  sent: 'badge-info',
  delivered: 'badge-info',
  read: 'badge-success',
  failed: 'badge-error',
};

/** A message's delivery status as Meta last reported it, with Meta's error when it failed. */
export function WhatsAppStatusBadge({ message }: { message: WhatsAppMessage }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col gap-1">
      <span className={`badge ${BADGE[message.status]}`}>{t(`whatsapp.statuses.${message.status}`)}</span>
      {message.status === 'failed' && message.errorCode !== null && (
        <span className="text-sm text-error">
          {t('whatsapp.failedWith', { title: message.errorTitle ?? '', code: message.errorCode })}
        </span>
      )}
    </span>
  );
}
