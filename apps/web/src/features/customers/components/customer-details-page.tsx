import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { usePersonName } from '@/lib/person-name.ts';
import { customerQueryOptions } from '../api/get-customer.ts';
import { CUSTOMER_DETAIL_TABS, type CustomerDetailTab } from '../customer-detail-tabs.ts';
import { CustomerActions } from './customer-actions.tsx';
import { CustomerProfilePanel, CustomerRegistrationPanel } from './customer-detail-panels.tsx';
import { CustomerProfileChanges } from './customer-profile-changes.tsx';
import { CustomerStatusBadge } from './customer-status-badge.tsx';

type CustomerDetailsPageProps = {
  organizationId: string;
  customerId: string;
  tab: CustomerDetailTab;
  /**
   * The Enrollments, Payments and Medical records tabs' content, composed by the route (features do not
   * import each other); null hides the tab from a member who may not view enrollments, payments or records.
   */
  enrollmentsPanel: ReactNode | null;
  paymentsPanel: ReactNode | null;
  medicalRecordsPanel: ReactNode | null;
  /** The messages birthday and payment events sent the customer (the events feature's panel). */
  messagesPanel: ReactNode | null;
  /** The customer's make-up credits: earned, available, used, expired (the make-up credits feature's panel). */
  makeUpCreditsPanel: ReactNode | null;
  contractPanel: ReactNode | null;
};

export function CustomerDetailsPage({
  organizationId,
  customerId,
  tab: requestedTab,
  enrollmentsPanel,
  paymentsPanel,
  medicalRecordsPanel,
  messagesPanel,
  makeUpCreditsPanel,
  contractPanel,
}: CustomerDetailsPageProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const permissions = usePermissions(organizationId);
  const { data: customer } = useSuspenseQuery(customerQueryOptions(organizationId, customerId));
  const params = { orgId: organizationId, customerId };
  const panels: Partial<Record<CustomerDetailTab, ReactNode | null>> = {
    enrollments: enrollmentsPanel,
    payments: paymentsPanel,
    medicalRecords: medicalRecordsPanel,
    messages: messagesPanel,
    makeUpCredits: makeUpCreditsPanel,
    contract: contractPanel,
  };
  const tabs = CUSTOMER_DETAIL_TABS.filter((name) => panels[name] !== null);
  const tab = tabs.includes(requestedTab) ? requestedTab : 'profile';

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link to="/app/org/$orgId/customers" params={{ orgId: organizationId }} className="link text-sm">
          {t('customers.backToList')}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold">{nameOf(customer)}</h1>
            <CustomerStatusBadge status={customer.status} />
          </div>
          {permissions.canAny('MANAGE_CUSTOMERS') && (
            <CustomerActions organizationId={organizationId} customer={customer} />
          )}
        </div>
      </header>

      <div role="tablist" aria-label={t('customers.details.tabsLabel')} className="tabs tabs-border">
        {tabs.map((name) => (
          <Link
            key={name}
            to="/app/org/$orgId/customers/$customerId/details"
            params={params}
            search={{ tab: name }}
            role="tab"
            id={`customer-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="customer-panel"
            className={`tab ${tab === name ? 'tab-active' : 'text-base-content/80'}`}
          >
            {t(`customers.details.tabs.${name}`)}
          </Link>
        ))}
      </div>
      <div id="customer-panel" role="tabpanel" aria-labelledby={`customer-tab-${tab}`}>
        {tab === 'profile' && (
          <div className="flex flex-col gap-4">
            <CustomerProfilePanel customer={customer} />
            <CustomerProfileChanges
              organizationId={organizationId}
              customerId={customerId}
              country={customer.country}
            />
          </div>
        )}
        {tab === 'registration' && <CustomerRegistrationPanel customer={customer} />}
        {tab === 'enrollments' && enrollmentsPanel}
        {tab === 'payments' && paymentsPanel}
        {tab === 'medicalRecords' && medicalRecordsPanel}
        {tab === 'messages' && messagesPanel}
        {tab === 'makeUpCredits' && makeUpCreditsPanel}
        {tab === 'contract' && contractPanel}
      </div>
    </div>
  );
}
