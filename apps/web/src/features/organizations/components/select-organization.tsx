import type { OrganizationListEntry } from '@reformer/domain/organizations';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { myOrganizationsQueryOptions } from '../api/get-my-organizations.ts';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';
import { OrganizationTable } from './organization-table.tsx';

function OrganizationSection({
  id,
  title,
  emptyText,
  organizations,
}: {
  id: string;
  title: string;
  emptyText: string;
  organizations: OrganizationListEntry[];
}) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="card-title">
          {title}
        </h2>
        {organizations.length === 0 ? (
          <p className="text-base-content/70">{emptyText}</p>
        ) : (
          <OrganizationTable organizations={organizations} />
        )}
      </div>
    </section>
  );
}

/**
 * Where the user lands after sign-in (spec §2): owned and invited organizations, each with an empty
 * state, a no-organizations state, loading, and an error state with retry.
 */
export function SelectOrganization() {
  const { t } = useTranslation();
  const organizations = useQuery(myOrganizationsQueryOptions());

  let content: ReactNode;
  if (organizations.isPending) {
    content = (
      <div className="flex justify-center py-12">
        <Spinner label={t('organizations.select.loading')} />
      </div>
    );
  } else if (organizations.isError) {
    content = (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <div>
          <p className="font-semibold">{t('organizations.select.loadFailed')}</p>
          <p className="text-sm">{describeError(organizations.error)}</p>
        </div>
        <button type="button" className="btn btn-sm" onClick={() => organizations.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (organizations.data.owned.length === 0 && organizations.data.invited.length === 0) {
    content = (
      <section className="card border border-base-300 bg-base-100 text-center">
        <div className="card-body items-center">
          <h2 className="card-title">{t('organizations.select.noneTitle')}</h2>
          <p className="text-base-content/70">{t('organizations.select.noneBody')}</p>
          <CreateOrganizationDialog />
        </div>
      </section>
    );
  } else {
    content = (
      <>
        <OrganizationSection
          id="owned-organizations"
          title={t('organizations.select.owned')}
          emptyText={t('organizations.select.ownedEmpty')}
          organizations={organizations.data.owned}
        />
        <OrganizationSection
          id="invited-organizations"
          title={t('organizations.select.invited')}
          emptyText={t('organizations.select.invitedEmpty')}
          organizations={organizations.data.invited}
        />
      </>
    );
  }

  const hasOrganizations =
    organizations.isSuccess && organizations.data.owned.length + organizations.data.invited.length > 0;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 p-4 lg:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t('organizations.select.title')}</h1>
          <p className="text-base-content/70">{t('organizations.select.subtitle')}</p>
        </div>
        {hasOrganizations && <CreateOrganizationDialog />}
      </header>
      {content}
    </div>
  );
}
