import type { Schedule, SchedulesSearchParams } from '@reformer/domain/schedules';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EstablishmentFilterChoices } from '@/components/form/establishment-filters.ts';
import { usePermissions } from '@/lib/access-profile.ts';
import { useSetScheduleActive } from '../api/set-schedule-active.ts';
import { ScheduleActions } from './schedule-actions.tsx';
import { type ScheduleDialog, ScheduleDialogs } from './schedule-dialogs.tsx';
import { ScheduleFilters } from './schedule-filters.tsx';
import { type SchedulesQueryChange, SchedulesResults } from './schedules-results.tsx';

type SchedulesPageProps = EstablishmentFilterChoices & {
  organizationId: string;
  query: SchedulesSearchParams;
  onQueryChange: SchedulesQueryChange;
};

/** The schedules list of spec §2: filters, page and page size live in the URL. The route checked VIEW_SCHEDULES. */
export function SchedulesPage({ organizationId, query, onQueryChange, ...choices }: SchedulesPageProps) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const setActive = useSetScheduleActive(organizationId);
  const [dialog, setDialog] = useState<ScheduleDialog>(null);
  const canManage = (schedule: Schedule) =>
    permissions.can('MANAGE_SCHEDULES', {
      scope: 'ESTABLISHMENT',
      establishmentId: schedule.establishmentId,
    });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{t('schedules.title')}</h1>
          <p className="text-base-content/70">{t('schedules.subtitle')}</p>
        </div>
        {permissions.canAny('MANAGE_SCHEDULES') && (
          <Link
            to="/app/org/$orgId/schedules/new"
            params={{ orgId: organizationId }}
            className="btn btn-primary"
          >
            {t('schedules.new')}
          </Link>
        )}
      </header>
      <ScheduleFilters query={query} onChange={onQueryChange} {...choices} />
      <SchedulesResults
        organizationId={organizationId}
        query={query}
        onQueryChange={onQueryChange}
        actionsOf={(schedule) =>
          canManage(schedule) && (
            <ScheduleActions
              organizationId={organizationId}
              schedule={schedule}
              isBusy={setActive.isPending}
              onActivate={() => setActive.mutate({ scheduleId: schedule.id, isActive: true })}
              onOpen={(kind) => setDialog({ kind, schedule })}
            />
          )
        }
      />
      <ScheduleDialogs organizationId={organizationId} dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
