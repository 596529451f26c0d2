import type { EventWhatsAppStatus } from '@reformer/domain/whatsapp-sending';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@/lib/format.ts';

const TONE: Record<EventWhatsAppStatus['status'], string> = {
  queued: 'badge-ghost',
  accepted: 'badge-info badge-outline',
  sent: 'badge-info badge-outline',
  delivered: 'badge-info',
  read: 'badge-success',
  failed: 'badge-error',
};

/**
 * Where a message sent through the WhatsApp Cloud API is (decision 052), and since when: queued, sent,
 * delivered, read; or failed with Meta's error code and title.
 */
export function WhatsAppStatusBadge({ whatsApp }: { whatsApp: EventWhatsAppStatus }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const failure =
    whatsApp.status === 'failed' && (whatsApp.errorCode !== null || whatsApp.errorTitle)
      ? [whatsApp.errorCode, whatsApp.errorTitle].filter((part) => part !== null && part !== '').join(' · ')
      : null;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={`badge badge-sm ${TONE[whatsApp.status]}`} data-whatsapp-status={whatsApp.status}>
        {t('events.whatsApp.status', { status: t(`events.whatsApp.statuses.${whatsApp.status}`) })}
      </span>
      <span className="text-xs text-base-content/70">{formatDate(whatsApp.at)}</span>
      {failure && <span className="text-xs text-error break-words">{failure}</span>}
    </span>
  );
}
