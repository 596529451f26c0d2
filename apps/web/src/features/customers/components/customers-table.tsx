import type { Customer } from '@reformer/domain/customers';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/format.ts';
import { usePersonName } from '../../../lib/person-name.ts';
import { CustomerStatusBadge } from './customer-status-badge.tsx';

export function CustomersTable({
  organizationId,
  customers,
}: {
  organizationId: string;
  customers: Customer[];
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const nameOf = usePersonName();
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('customers.columns.name')}</th>
            <th scope="col">{t('customers.columns.email')}</th>
            <th scope="col">{t('customers.columns.phone')}</th>
            <th scope="col">{t('customers.columns.status')}</th>
            <th scope="col" className="hidden md:table-cell">
              {t('customers.columns.createdAt')}
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id} className="hover:bg-base-200">
              <th scope="row" className="font-medium">
                <Link
                  to="/app/org/$orgId/customers/$customerId/details"
                  params={{ orgId: organizationId, customerId: customer.id }}
                  className="link link-hover"
                >
                  {nameOf(customer)}
                </Link>
              </th>
              <td className="break-all">{customer.email ?? t('common.none')}</td>
              <td>
                <span className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
                  {customer.phone ?? t('common.none')}
                  {customer.phone && customer.isWhatsapp && (
                    <span className="badge badge-success badge-xs">{t('customers.whatsapp')}</span>
                  )}
                </span>
              </td>
              <td>
                <CustomerStatusBadge status={customer.status} />
              </td>
              <td className="hidden whitespace-nowrap md:table-cell">{formatDate(customer.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
