import { NoCreditDateInput, NoCreditDatePath } from '@reformer/domain/make-up-credit-schemas';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatLocalDate } from '@/lib/format.ts';
import { useDeleteNoCreditDate } from '../api/delete-no-credit-date.ts';
import { noCreditDatesQueryOptions } from '../api/get-no-credit-dates.ts';
import { useSaveNoCreditDate } from '../api/save-no-credit-date.ts';

type Props = {
  organizationId: string;
  establishments: { id: string; name: string }[];
  canManage: boolean;
};

/** Each establishment's holidays: cancelling a class on one of these dates earns no credit. */
export function NoCreditDatesSection({ organizationId, establishments, canManage }: Props) {
  const { t } = useTranslation();
  const selectId = useId();
  const [chosen, setChosen] = useState(establishments[0]?.id ?? '');
  const establishmentId = establishments.some((e) => e.id === chosen)
    ? chosen
    : (establishments[0]?.id ?? '');
  return (
    <SettingsCard
      id="no-credit-dates"
      title={t('makeUpCredits.noCreditDates.title')}
      description={t('makeUpCredits.noCreditDates.description')}
      bodyClassName="gap-3"
    >
      {establishments.length === 0 ? (
        <p>{t('makeUpCredits.noCreditDates.noEstablishments')}</p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium">
              {t('makeUpCredits.noCreditDates.establishment')}
            </label>
            <select
              id={selectId}
              className="select w-full sm:w-80"
              value={establishmentId}
              onChange={(event) => setChosen(event.target.value)}
            >
              {establishments.map((establishment) => (
                <option key={establishment.id} value={establishment.id}>
                  {establishment.name}
                </option>
              ))}
            </select>
          </div>
          <DatesOf
            key={establishmentId}
            organizationId={organizationId}
            establishmentId={establishmentId}
            canManage={canManage}
          />
        </>
      )}
    </SettingsCard>
  );
}

function DatesOf({
  organizationId,
  establishmentId,
  canManage,
}: {
  organizationId: string;
  establishmentId: string;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('full');
  const dates = useQuery(noCreditDatesQueryOptions(organizationId, establishmentId));
  const remove = useDeleteNoCreditDate(organizationId, establishmentId);
  if (dates.isPending) return <Spinner />;
  if (dates.isError) return <QueryError error={dates.error} onRetry={() => dates.refetch()} />;
  return (
    <>
      {dates.data.items.length === 0 ? (
        <p className="text-base-content/70">{t('makeUpCredits.noCreditDates.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
          {dates.data.items.map((item) => (
            <li key={item.date} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>
                <span className="font-medium">{formatDate(item.date)}</span>
                {item.name && <span className="text-base-content/70"> · {item.name}</span>}
              </span>
              {canManage && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t('makeUpCredits.noCreditDates.removeLabel', { date: formatDate(item.date) })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(item.date)}
                >
                  {t('makeUpCredits.noCreditDates.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && <AddDateForm organizationId={organizationId} establishmentId={establishmentId} />}
    </>
  );
}

function AddDateForm({
  organizationId,
  establishmentId,
}: {
  organizationId: string;
  establishmentId: string;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const save = useSaveNoCreditDate(organizationId, establishmentId);
  const isValid = NoCreditDatePath.safeParse(date).success && NoCreditDateInput.safeParse({ name }).success;
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!isValid) return;
        await save
          .mutateAsync({ date, name })
          .then(() => {
            setDate('');
            setName('');
          })
          .catch(() => undefined);
      }}
    >
      <div className="sm:w-44">
        <DateField label={t('makeUpCredits.noCreditDates.date')} isRequired value={date} onChange={setDate} />
      </div>
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={nameId} className="text-sm font-medium">
          {`${t('makeUpCredits.noCreditDates.name')} (${t('common.optional')})`}
        </label>
        <input
          id={nameId}
          className="input w-full"
          maxLength={120}
          placeholder={t('makeUpCredits.noCreditDates.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={!isValid || save.isPending}>
        {t('makeUpCredits.noCreditDates.add')}
      </button>
    </form>
  );
}
