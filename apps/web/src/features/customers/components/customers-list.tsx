import type { Customer } from '@reformer/domain/customers';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatDate } from '@/lib/format.ts';
import { usePersonName } from '@/lib/person-name.ts';
import { displayPhone } from '@/lib/phones.ts';
import { CustomerStatusBadge } from './customer-status-badge.tsx';

type CustomersListProps = { organizationId: string; customers: Customer[] };

/** A table on wide screens; a card per customer on narrow ones, so a phone never scrolls sideways. */
export function CustomersList({ organizationId, customers }: CustomersListProps) {
  return (
    <TableOrCards
      tableFrom="lg"
      isFramed
      table={<CustomersTable organizationId={organizationId} customers={customers} />}
      cards={customers.map((customer) => (
        <CustomerCard key={customer.id} organizationId={organizationId} customer={customer} />
      ))}
    />
  );
}

/** The name, which opens the customer: the row's one action. */
function CustomerLink({ organizationId, customer }: { organizationId: string; customer: Customer }) {
  const nameOf = usePersonName();
  return (
    <Link
      to="/app/org/$orgId/customers/$customerId/details"
      params={{ orgId: organizationId, customerId: customer.id }}
      className="link link-hover"
    >
      {nameOf(customer)}
    </Link>
  );
}

function CustomerPhone({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  if (!customer.phone) return t('common.none');
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="whitespace-nowrap">{displayPhone(customer.phone)}</span>
      {customer.isWhatsapp && <span className="badge badge-success badge-xs">{t('customers.whatsapp')}</span>}
    </span>
  );
}

function CustomersTable({ organizationId, customers }: CustomersListProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('customers.columns.name')}</th>
          <th scope="col">{t('customers.columns.email')}</th>
          <th scope="col">{t('customers.columns.phone')}</th>
          <th scope="col">{t('customers.columns.status')}</th>
          <th scope="col" className="hidden xl:table-cell">
            {t('customers.columns.createdAt')}
          </th>
        </tr>
      </thead>
      <tbody>
        {customers.map((customer) => (
          <tr key={customer.id} className="hover:bg-base-200">
            <th scope="row" className="font-medium">
              <CustomerLink organizationId={organizationId} customer={customer} />
            </th>
            {/* A long address wraps where it must, never a letter per line. */}
            <td className="min-w-48 wrap-anywhere">{customer.email ?? t('common.none')}</td>
            <td>
              <CustomerPhone customer={customer} />
            </td>
            <td>
              <CustomerStatusBadge status={customer.status} />
            </td>
            <td className="hidden whitespace-nowrap xl:table-cell">{formatDate(customer.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What is on file, nothing for what is not: a card has no columns to keep aligned. */
function CustomerCard({ organizationId, customer }: { organizationId: string; customer: Customer }) {
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title text-base break-words">
            <CustomerLink organizationId={organizationId} customer={customer} />
          </h2>
          <CustomerStatusBadge status={customer.status} />
        </div>
        {customer.email && <p className="text-sm wrap-anywhere">{customer.email}</p>}
        {customer.phone && (
          <p className="text-sm">
            <CustomerPhone customer={customer} />
          </p>
        )}
      </div>
    </li>
  );
}
