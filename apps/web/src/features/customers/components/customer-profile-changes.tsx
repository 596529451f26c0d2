import { formatCep } from '@reformer/domain/customers';
import { formatPhone } from '@reformer/domain/phones';
import type { ProfileChangeList } from '@reformer/domain/portal-profile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { useFormatInstant } from '@/lib/format.ts';
import { profileChangesQueryOptions } from '../api/get-profile-changes.ts';

type Change = ProfileChangeList['items'][number];
type Props = { organizationId: string; customerId: string; country: string };

/** A stored value as the profile shows it: phones as the country writes them, the CEP 00000-000. */
function useShowValue(country: string) {
  const { t } = useTranslation();
  return (field: Change['field'], value: string | null) => {
    if (value === null) return t('customers.profileChanges.empty');
    if (field === 'isWhatsapp')
      return value === 'true' ? t('customers.profileChanges.yes') : t('customers.profileChanges.no');
    if (field === 'phone' || field === 'emergencyContactPhone') return formatPhone(value, country);
    if (field === 'zipCode' && country === 'BR') return formatCep(value);
    return value;
  };
}

/** "What changed": the customer's own changes in the portal, field by field, old → new (decision 046). */
export function CustomerProfileChanges({ organizationId, customerId, country }: Props) {
  const { t } = useTranslation();
  const changes = useQuery(profileChangesQueryOptions(organizationId, customerId));
  const organization = useQuery(organizationQueryOptions(organizationId));
  const timeZone = organization.data?.timeZone ?? 'America/Sao_Paulo';
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-profile-changes">
      <div className="card-body gap-3">
        <h2 id="customer-profile-changes" className="card-title text-lg">
          {t('customers.profileChanges.title')}
        </h2>
        {changes.isPending && <Spinner />}
        {changes.isError && <QueryError error={changes.error} onRetry={changes.refetch} />}
        {changes.data?.items.length === 0 && <p className="text-sm">{t('customers.profileChanges.none')}</p>}
        {changes.data && changes.data.items.length > 0 && (
          <ProfileChangeItems items={changes.data.items} country={country} timeZone={timeZone} />
        )}
      </div>
    </section>
  );
}

/** The changes, newest first: when, the field, old → new; on the customer's page and in their data export. */
export function ProfileChangeItems({
  items,
  country,
  timeZone,
}: {
  items: Change[];
  country: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const show = useShowValue(country);
  return (
    <ul className="flex flex-col gap-2" data-testid="customer-profile-changes">
      {items.map((change) => (
        <li key={change.id} className="rounded-box border border-base-300 p-3 text-sm">
          <p className="text-base-content/60">{formatInstant(change.changedAt)}</p>
          <p>
            <span className="font-medium">{t(`customers.fields.${change.field}`)}</span>:{' '}
            <span className="break-words">{show(change.field, change.from)}</span> →{' '}
            <span className="break-words">{show(change.field, change.to)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
