import type { Payment } from '@reformer/domain/payments';
import { todayIn } from '@reformer/domain/time-zones';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { PixCodeField } from '@/components/ui/pix-code-field.tsx';
import { PixQrCode } from '@/components/ui/pix-qr-code.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { payerContactQueryOptions } from '../api/get-payer-contact.ts';
import { pixSettingsQueryOptions } from '../api/get-pix-settings.ts';
import { type PixMerchant, paymentPixCode, pixWhatsAppLink } from '../pix-code.ts';
import { usePaymentText } from './payment-display.ts';

type PixCodeDialogProps = {
  organizationId: string;
  merchant: PixMerchant;
  payment: Pick<
    Payment,
    'id' | 'amountCents' | 'currency' | 'customerId' | 'customerName' | 'planName' | 'cycleStart'
  >;
  isOpen: boolean;
  onClose: () => void;
};

/** The payment's PIX code to show the customer on screen (QR) or send (copy, WhatsApp). */
export function PixCodeDialog({ organizationId, merchant, payment, isOpen, onClose }: PixCodeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('payments.pix.title')}>
      <PixCodeContent organizationId={organizationId} merchant={merchant} payment={payment} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {t('payments.pix.done')}
        </button>
      </div>
    </Dialog>
  );
}

function PixCodeContent({
  organizationId,
  merchant,
  payment,
}: Omit<PixCodeDialogProps, 'isOpen' | 'onClose'>) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const permissions = usePermissions(organizationId);
  const settings = useQuery(pixSettingsQueryOptions(organizationId));
  // The number needs VIEW_CUSTOMERS; without it WhatsApp still gets the message and asks for the chat.
  const contact = useQuery({
    ...payerContactQueryOptions(organizationId, payment.customerId),
    enabled: permissions.canAny('VIEW_CUSTOMERS'),
  });

  if (settings.isPending) return <Spinner />;
  if (settings.isError) {
    return <QueryError error={settings.error} onRetry={settings.refetch} />;
  }
  if (payment.currency !== 'BRL') return <p role="note">{t('payments.pix.brlOnly')}</p>;
  const code = paymentPixCode(settings.data, merchant, payment);
  if (!code) {
    const canSet = permissions.can('MANAGE_SETTINGS');
    return (
      <div role="note" className="flex flex-col items-start gap-3">
        <p>
          {settings.data.pixKey
            ? t('payments.pix.noMerchantName')
            : canSet
              ? t('payments.pix.noKey')
              : t('payments.pix.noKeyReadOnly')}
        </p>
        {canSet && (
          <Link
            to="/app/org/$orgId/settings"
            params={{ orgId: organizationId }}
            search={{ tab: 'payments' }}
            className="btn btn-primary btn-sm"
          >
            {t('payments.pix.openSettings')}
          </Link>
        )}
      </div>
    );
  }
  const amount = text.amount(payment);
  const whatsAppHref = pixWhatsAppLink(
    payment,
    code,
    {
      reminder: {
        template: t('events.paymentReminders.defaultTemplate'),
        overdueTemplate: t('events.paymentReminders.defaultOverdueTemplate'),
      },
      codeLabel: t('payments.pix.whatsappCodeLabel'),
    },
    { today: todayIn(merchant.timeZone), phone: contact.data ?? null },
  );
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="text-center">{t('payments.pix.intro', { amount, name: text.customer(payment) })}</p>
      <PixQrCode text={code} label={t('payments.pix.qrLabel', { amount })} />
      <PixCopyAndSend code={code} whatsAppHref={whatsAppHref} />
    </div>
  );
}

/** The code itself, selectable, with Copy and "Send by WhatsApp" (a greeting, the amount and the code). */
function PixCopyAndSend({ code, whatsAppHref }: { code: string; whatsAppHref: string }) {
  const { t } = useTranslation();
  return (
    <PixCodeField code={code}>
      <a href={whatsAppHref} target="_blank" rel="noopener noreferrer" className="btn btn-success btn-sm">
        {t('payments.pix.whatsapp')}
      </a>
    </PixCodeField>
  );
}
