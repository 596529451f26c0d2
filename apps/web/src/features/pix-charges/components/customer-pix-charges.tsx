import type { PixCharge } from '@reformer/domain/pix-charges';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PixCodeField } from '@/components/ui/pix-code-field.tsx';
import { PixQrCode } from '@/components/ui/pix-qr-code.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { customerPixChargesQueryOptions } from '../api/get-customer-pix-charges.ts';
import { useSimulatePixPayment } from '../api/simulate-pix-payment.ts';

type Props = { organizationId: string; customerId: string };

const BADGE: Record<PixCharge['status'], string> = {
  PENDING: 'badge-ghost',
  ACTIVE: 'badge-info',
  PAID: 'badge-success',
  REMOVED: 'badge-ghost',
  REFUSED: 'badge-error',
};

/**
 * The customer's PIX charges at the studio's PSP (decision 030): each cycle's copy-paste code and QR to send
 * the customer, and its state — which turns paid by itself when the bank confirms the Pix; the cycles above
 * refresh with it. Shown only when the studio has connected its PSP.
 */
export function CustomerPixCharges({ organizationId, customerId }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const permissions = usePermissions(organizationId);
  const charges = useQuery(customerPixChargesQueryOptions(organizationId, customerId));
  const simulatePayment = useSimulatePixPayment(organizationId, customerId);
  const paidCount = charges.data?.charges.filter((charge) => charge.status === 'PAID').length;
  const seenPaid = useRef(paidCount);
  useEffect(() => {
    // A charge just turned paid: the billing cycles and the payments list have a new payment.
    if (seenPaid.current !== undefined && paidCount !== undefined && paidCount > seenPaid.current) {
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) });
    }
    seenPaid.current = paidCount;
  }, [paidCount, organizationId, queryClient]);

  if (charges.isError) return <QueryError error={charges.error} onRetry={charges.refetch} />;
  if (!charges.data?.isPspConnected) return null;
  const { needsPayerDocument, charges: list } = charges.data;
  const simulate = charges.data.isSandbox && permissions.can('MANAGE_PAYMENTS') ? simulatePayment : null;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-pix-charges">
      <div className="card-body gap-3">
        <h2 id="customer-pix-charges" className="card-title text-lg">
          {t('pixCharges.title')}
        </h2>
        {needsPayerDocument && (
          <div role="alert" className="alert alert-warning flex flex-wrap justify-between">
            <span>{t('pixCharges.needsCpf')}</span>
            {permissions.canAny('MANAGE_CUSTOMERS') && (
              <Link
                to="/app/org/$orgId/customers/$customerId/edit"
                params={{ orgId: organizationId, customerId }}
                className="btn btn-sm"
              >
                {t('pixCharges.addCpf')}
              </Link>
            )}
          </div>
        )}
        {list.length === 0 ? (
          <p className="text-sm text-base-content/70">{t('pixCharges.empty')}</p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300">
            {list.map((charge) => (
              <ChargeRow key={charge.txid} charge={charge} simulate={simulate} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

type Simulate = { isPending: boolean; mutate: (txid: string) => void } | null;

function ChargeRow({ charge, simulate }: { charge: PixCharge; simulate: Simulate }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const [isCodeShown, setIsCodeShown] = useState(false);
  const amount = formatMoney(charge.amountCents, 'BRL');
  const due = formatDate(charge.dueDate);
  const canPay = charge.status === 'ACTIVE' && charge.brCode !== null;
  return (
    <li aria-label={t('pixCharges.rowLabel', { date: due })} className="flex flex-col gap-2 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="text-sm font-medium">{t('pixCharges.due', { date: due })}</p>
          <p className="text-xs text-base-content/70 tabular-nums">{amount}</p>
        </div>
        <div className="flex items-center gap-2">
          <span className={`badge ${BADGE[charge.status]}`}>{t(`pixCharges.statuses.${charge.status}`)}</span>
          {canPay && (
            <button
              type="button"
              className="btn btn-xs"
              aria-expanded={isCodeShown}
              onClick={() => setIsCodeShown((shown) => !shown)}
            >
              {isCodeShown ? t('pixCharges.hideCode') : t('pixCharges.showCode')}
            </button>
          )}
          {canPay && simulate && (
            <button
              type="button"
              className="btn btn-xs btn-outline"
              disabled={simulate.isPending}
              onClick={() => simulate.mutate(charge.txid)}
            >
              {t('pixCharges.simulate.action')}
            </button>
          )}
        </div>
      </div>
      {charge.status === 'REFUSED' && charge.failure && (
        <p className="text-sm text-error">{t('pixCharges.refused', { reason: charge.failure })}</p>
      )}
      {canPay && isCodeShown && charge.brCode && <ChargeCode code={charge.brCode} amount={amount} />}
    </li>
  );
}

function ChargeCode({ code, amount }: { code: string; amount: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-start">
      <PixQrCode text={code} label={t('payments.pix.qrLabel', { amount })} />
      <PixCodeField code={code} />
    </div>
  );
}
