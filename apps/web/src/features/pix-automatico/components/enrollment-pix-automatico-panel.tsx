import type { PixRecurrence } from '@reformer/domain/pix-automatico';
import { type PixAutomaticoPanelView, pixAutomaticoPanelView } from '@reformer/domain/pix-automatico-views';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { enrollmentPixAutomaticoQueryOptions } from '../api/get-enrollment-pix-automatico.ts';
import { CancelPixAutomaticoButton } from './cancel-pix-automatico-button.tsx';
import { PixRecurrenceDetails } from './pix-recurrence-details.tsx';
import { SendAuthorizationButton } from './send-authorization-button.tsx';
import { StartPixAutomaticoForm } from './start-pix-automatico-form.tsx';

type Props = {
  organizationId: string;
  enrollmentId: string;
  enrollmentStatus: string;
  /** MANAGE_BILLING: starts and cancels. Reading needs VIEW_PAYMENTS (the route shows the panel only then). */
  canManage: boolean;
  /** VIEW_BILLING at the organization: the settings' PSP form is theirs to open. */
  canOpenSettings: boolean;
  /** The enrollment's customer, to whom a waiting authorization is sent. */
  customerId: string;
  /** MANAGE_ATTENDANCE somewhere: sends the customer's portal link (decision 039), which carries it. */
  canSendLink: boolean;
};

/**
 * Pix Automático of one enrollment (issue #31, decision 048): the start form where the studio can receive by
 * it (a CNPJ receiver), else why not; then the QR that authorizes it and pays the first cycle, its state —
 * refreshed while it waits, as the payer's bank answers by webhook — and Cancel.
 */
export function EnrollmentPixAutomaticoPanel(props: Props) {
  const { organizationId, enrollmentId, enrollmentStatus } = props;
  const { t } = useTranslation();
  const read = useQuery(enrollmentPixAutomaticoQueryOptions(organizationId, enrollmentId));
  useRefreshPaymentsOnApproval(organizationId, read.data?.recurrence?.state);
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="pix-automatico-title">
      <div className="card-body gap-3">
        <h2 id="pix-automatico-title" className="card-title text-lg">
          {t('pixAutomatico.title')}
        </h2>
        {read.isPending && <Spinner />}
        {read.isError && <QueryError error={read.error} onRetry={read.refetch} />}
        {read.data && (
          <PanelBody
            {...props}
            recurrence={read.data.recurrence}
            replacement={read.data.replacement}
            view={pixAutomaticoPanelView({ enrollmentStatus, view: read.data })}
          />
        )}
      </div>
    </section>
  );
}

/** The QR's approval pays the first cycle: the billing cycles and payments shown elsewhere read it again. */
function useRefreshPaymentsOnApproval(organizationId: string, state: PixRecurrence['state'] | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(state);
  useEffect(() => {
    if (seen.current === 'CREATED' && state && state !== 'CREATED')
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) });
    seen.current = state;
  }, [state, organizationId, queryClient]);
}

function PanelBody({
  organizationId,
  enrollmentId,
  canManage,
  canOpenSettings,
  customerId,
  canSendLink,
  recurrence,
  replacement,
  view,
}: Props & {
  recurrence: PixRecurrence | null;
  replacement: PixRecurrence | null;
  view: PixAutomaticoPanelView;
}) {
  const { t } = useTranslation();
  if (view.kind === 'WAITING' || view.kind === 'APPROVED')
    return (
      <>
        {view.kind === 'APPROVED' && view.newAuthorization !== 'NOT_NEEDED' && (
          <NewAuthorization
            organizationId={organizationId}
            enrollmentId={enrollmentId}
            canManage={canManage}
            replacement={replacement}
          />
        )}
        {recurrence && <PixRecurrenceDetails recurrence={recurrence} />}
        {canSendLink && (recurrence?.state === 'CREATED' || replacement?.state === 'CREATED') && (
          <SendAuthorizationButton organizationId={organizationId} customerId={customerId} />
        )}
        {canManage && (
          <CancelPixAutomaticoButton organizationId={organizationId} enrollmentId={enrollmentId} />
        )}
      </>
    );
  return (
    <>
      {view.lastEnded && (
        <p role="status" className="alert alert-soft flex flex-wrap">
          {t(`pixAutomatico.lastEnded.${view.lastEnded}`)}
        </p>
      )}
      {view.kind === 'UNAVAILABLE' && (
        <div role="note" className="alert alert-info flex flex-col items-start gap-2">
          <span>{t(`pixAutomatico.unavailable.${view.reason}`)}</span>
          {canOpenSettings && view.reason !== 'NOT_BRL' && (
            <Link to="/app/org/$orgId/settings" params={{ orgId: organizationId }} className="btn btn-sm">
              {t('pixAutomatico.unavailable.openSettings')}
            </Link>
          )}
        </div>
      )}
      {view.kind === 'ENROLLMENT_NOT_ACTIVE' && <p>{t('pixAutomatico.enrollmentNotActive')}</p>}
      {view.kind === 'START' &&
        (canManage ? (
          <StartPixAutomaticoForm organizationId={organizationId} enrollmentId={enrollmentId} />
        ) : (
          <p className="text-sm text-base-content/70">{t('pixAutomatico.notStarted')}</p>
        ))}
    </>
  );
}

/**
 * The plan's price changed and the approved recurrence's amount no longer fits: its cycles go to PIX charges
 * until the customer authorizes a new one. Staff ask for it (the start form again); while it waits, its QR;
 * once the customer approves it, the old one is cancelled by itself.
 */
function NewAuthorization({
  organizationId,
  enrollmentId,
  canManage,
  replacement,
}: {
  organizationId: string;
  enrollmentId: string;
  canManage: boolean;
  replacement: PixRecurrence | null;
}) {
  const { t } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);
  if (replacement)
    return (
      <section aria-labelledby="pix-automatico-replacement" className="flex flex-col gap-2">
        <h3 id="pix-automatico-replacement" className="font-semibold">
          {t('pixAutomatico.newAuthorization.waitingTitle')}
        </h3>
        <p className="text-sm">{t('pixAutomatico.newAuthorization.waitingHint')}</p>
        <PixRecurrenceDetails recurrence={replacement} />
      </section>
    );
  return (
    <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
      <span>{t('pixAutomatico.newAuthorization.needed')}</span>
      {canManage &&
        (isAsking ? (
          <StartPixAutomaticoForm organizationId={organizationId} enrollmentId={enrollmentId} />
        ) : (
          <button type="button" className="btn btn-sm" onClick={() => setIsAsking(true)}>
            {t('pixAutomatico.newAuthorization.ask')}
          </button>
        ))}
    </div>
  );
}
