import { formatCpf } from '@reformer/domain/cpf';
import { type Customer, formatCep } from '@reformer/domain/customers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@/lib/format.ts';
import { displayPhone, whatsAppUrl } from '@/lib/phones.ts';
import { useCountryName } from './countries.ts';
import { CustomerStatusBadge } from './customer-status-badge.tsx';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100">
      <div className="card-body">
        <h2 className="card-title text-lg">{title}</h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">{children}</dl>
      </div>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt className="text-sm text-base-content/60">{label}</dt>
      <dd className="break-words">{value === null || value === '' ? t('common.none') : value}</dd>
    </div>
  );
}

function formatAddress(customer: Customer): string | null {
  const street = [customer.address, customer.number].filter(Boolean).join(', ');
  const line = [street, customer.apartment].filter(Boolean).join(' – ');
  return line || null;
}

/** The number as written at home, to call; with a link to chat when the customer uses WhatsApp. */
function CustomerPhone({ phone, isWhatsapp }: { phone: string; isWhatsapp: boolean }) {
  const { t } = useTranslation();
  const chatUrl = isWhatsapp ? whatsAppUrl(phone) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <a href={`tel:${phone}`} className="link link-hover whitespace-nowrap">
        {displayPhone(phone)}
      </a>
      {isWhatsapp &&
        (chatUrl ? (
          <a
            href={chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="badge badge-success badge-sm"
            aria-label={t('customers.details.whatsappChat')}
          >
            {t('customers.whatsapp')}
          </a>
        ) : (
          <span className="badge badge-success badge-sm">{t('customers.whatsapp')}</span>
        ))}
    </span>
  );
}

/** Who the customer is and how to reach them. */
export function CustomerProfilePanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('customers.form.sections.personal')}>
        <Item label={t('customers.fields.firstName')} value={customer.firstName} />
        <Item label={t('customers.fields.lastName')} value={customer.lastName} />
        <Item
          label={t('customers.fields.dateOfBirth')}
          value={customer.dateOfBirth && formatDate(`${customer.dateOfBirth}T12:00:00`)}
        />
        <Item
          label={t('customers.fields.gender')}
          value={customer.gender && t(`customers.genders.${customer.gender}`)}
        />
        <Item label={t('customers.fields.profession')} value={customer.profession} />
      </Card>
      <Card title={t('customers.form.sections.contact')}>
        <Item label={t('customers.fields.email')} value={customer.email} />
        <Item
          label={t('customers.fields.phone')}
          value={customer.phone && <CustomerPhone phone={customer.phone} isWhatsapp={customer.isWhatsapp} />}
        />
      </Card>
      <Card title={t('customers.form.sections.address')}>
        <Item
          label={t('customers.fields.zipCode')}
          value={
            customer.country === 'BR' && customer.zipCode ? formatCep(customer.zipCode) : customer.zipCode
          }
        />
        <Item label={t('customers.fields.address')} value={formatAddress(customer)} />
        <Item label={t('customers.fields.neighborhood')} value={customer.neighborhood} />
        <Item
          label={t('customers.fields.city')}
          value={[customer.city, customer.state].filter(Boolean).join(' / ') || null}
        />
      </Card>
      <Card title={t('customers.form.sections.emergency')}>
        <Item label={t('customers.fields.emergencyContactName')} value={customer.emergencyContactName} />
        <Item
          label={t('customers.fields.emergencyContactPhone')}
          value={displayPhone(customer.emergencyContactPhone)}
        />
      </Card>
      <section className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <h2 className="card-title text-lg">{t('customers.fields.notes')}</h2>
          <p className="whitespace-pre-line">{customer.notes || t('customers.details.noNotes')}</p>
        </div>
      </section>
    </div>
  );
}

/** The record itself: document, status and dates. */
export function CustomerRegistrationPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const countryName = useCountryName();
  return (
    <Card title={t('customers.details.tabs.registration')}>
      <Item label={t('customers.fields.status')} value={<CustomerStatusBadge status={customer.status} />} />
      <Item label={t('customers.fields.country')} value={countryName(customer.country)} />
      <Item
        label={t('customers.fields.idType')}
        value={customer.idType && t(`customers.idTypes.${customer.idType}`)}
      />
      <Item
        label={t('customers.fields.idNumber')}
        value={
          customer.idType === 'CPF' && customer.idNumber ? formatCpf(customer.idNumber) : customer.idNumber
        }
      />
      <Item label={t('customers.details.createdAt')} value={formatDate(customer.createdAt)} />
      <Item label={t('customers.details.updatedAt')} value={formatDate(customer.updatedAt)} />
    </Card>
  );
}
