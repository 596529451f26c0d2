import type { MedicalRecord } from '@reformer/domain/medical-records';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatLocalDate } from '@/lib/format.ts';
import { usePersonName } from '@/lib/person-name.ts';
import {
  customerDataExportQueryOptions,
  useDownloadCustomerDataExport,
} from '../api/get-customer-data-export.ts';
import { ConsentExportTables } from './customer-data-export-consents.tsx';
import { ContractExportTables } from './customer-data-export-contract.tsx';
import { MakeUpCreditsTable } from './customer-data-export-credits.tsx';
import {
  AttendanceTable,
  EnrollmentsTable,
  MessagesTable,
  PaymentsTable,
  PixChargesTable,
  PurchasesTable,
} from './customer-data-export-tables.tsx';
import { CustomerProfilePanel, CustomerRegistrationPanel } from './customer-detail-panels.tsx';
import { ProfileChangeItems } from './customer-profile-changes.tsx';

type CustomerDataExportPageProps = {
  organizationId: string;
  customerId: string;
  /** A record's document read as its own screen shows it (the medical records feature, composed by the route). */
  renderMedicalRecord: (record: MedicalRecord) => ReactNode;
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="border-b border-base-300 pb-1 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A customer's whole record on one readable, printable page, for a data-subject request (LGPD Art. 18;
 * decision 021): what the JSON download holds, in the user's language.
 */
export function CustomerDataExportPage({
  organizationId,
  customerId,
  renderMedicalRecord,
}: CustomerDataExportPageProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const formatDate = useFormatDate();
  const formatRecordDate = useFormatLocalDate();
  const { data } = useSuspenseQuery(customerDataExportQueryOptions(organizationId, customerId));
  const name = nameOf(data.customer);
  const download = useDownloadCustomerDataExport(organizationId, customerId, name);

  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-8" data-print-area>
      <header className="flex flex-col gap-3">
        <Link
          to="/app/org/$orgId/customers/$customerId/details"
          params={{ orgId: organizationId, customerId }}
          className="link text-sm print:hidden"
        >
          {t('customers.backToDetails')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-sm font-semibold uppercase text-base-content/70">{t('dataExport.title')}</p>
            <h1 className="text-3xl font-bold">{name}</h1>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            <button type="button" className="btn btn-sm" onClick={() => window.print()}>
              {t('dataExport.print')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={download.isPending}
              onClick={() => download.mutate()}
            >
              {t('dataExport.download.button')}
            </button>
          </div>
        </div>
        <p className="text-base-content/80">
          {t('dataExport.subtitle', {
            organization: data.organization.name,
            name,
            date: formatDate(data.exportedAt),
          })}
        </p>
      </header>

      <Section id="export-profile" title={t('dataExport.sections.profile')}>
        <CustomerProfilePanel customer={data.customer} />
        <CustomerRegistrationPanel customer={data.customer} />
      </Section>
      <Section id="export-enrollments" title={t('dataExport.sections.enrollments')}>
        <EnrollmentsTable data={data} />
      </Section>
      <Section id="export-attendance" title={t('dataExport.sections.attendance')}>
        <p className="text-sm text-base-content/70">{t('dataExport.attendanceHint')}</p>
        <AttendanceTable data={data} />
      </Section>
      <Section id="export-payments" title={t('dataExport.sections.payments')}>
        <PaymentsTable data={data} />
      </Section>
      <Section id="export-purchases" title={t('dataExport.sections.purchases')}>
        <PurchasesTable data={data} />
      </Section>
      <Section id="export-pix-charges" title={t('dataExport.sections.pixCharges')}>
        <PixChargesTable data={data} />
      </Section>
      <Section id="export-make-up-credits" title={t('dataExport.sections.makeUpCredits')}>
        <p className="text-sm text-base-content/70">{t('dataExport.makeUpCreditsHint')}</p>
        <MakeUpCreditsTable data={data} />
      </Section>
      <Section id="export-medical-records" title={t('dataExport.sections.medicalRecords')}>
        {data.medicalRecords.length === 0 && <p className="text-base-content/70">{t('dataExport.empty')}</p>}
        {data.medicalRecords.map((record) => (
          <article key={record.id} className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold">{record.title}</h3>
            <p className="text-sm text-base-content/70">
              {t(`medicalRecords.types.${record.type}`)} · {formatRecordDate(record.recordDate)}
              {record.createdByName && ` · ${record.createdByName}`}
            </p>
            {record.description && <p className="whitespace-pre-line break-words">{record.description}</p>}
            {renderMedicalRecord(record)}
          </article>
        ))}
      </Section>
      <Section id="export-messages" title={t('dataExport.sections.messages')}>
        <MessagesTable data={data} />
      </Section>
      <Section id="export-contract" title={t('dataExport.sections.contract')}>
        <ContractExportTables data={data} />
        <ConsentExportTables data={data} />
      </Section>
      <Section id="export-profile-changes" title={t('dataExport.sections.profileChanges')}>
        {data.profileChanges.length === 0 ? (
          <p className="text-base-content/70">{t('dataExport.empty')}</p>
        ) : (
          <ProfileChangeItems
            items={data.profileChanges}
            country={data.customer.country}
            timeZone={data.organization.timeZone}
          />
        )}
      </Section>
    </article>
  );
}
