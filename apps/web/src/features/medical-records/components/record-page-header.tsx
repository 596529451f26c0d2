import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type RecordPageHeaderProps = {
  organizationId: string;
  customerId: string;
  /** The customer's name, when the member may see it. */
  customerName: string | null;
  title: string;
  actions?: ReactNode;
};

/** Back to the customer's Medical records tab, the page's title and its actions. */
export function RecordPageHeader({
  organizationId,
  customerId,
  customerName,
  title,
  actions,
}: RecordPageHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-2">
      <Link
        to="/app/org/$orgId/customers/$customerId/details"
        params={{ orgId: organizationId, customerId }}
        search={{ tab: 'medicalRecords' }}
        className="link text-sm print:hidden"
      >
        {t('medicalRecords.backToCustomer')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          {customerName && <p className="text-sm text-base-content/70">{customerName}</p>}
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{title}</h1>
        </div>
        {actions && <div className="flex flex-wrap gap-2 print:hidden">{actions}</div>}
      </div>
    </header>
  );
}
