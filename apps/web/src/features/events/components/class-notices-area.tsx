import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { ClassNoticeSettingsPanel } from './class-notice-settings-form.tsx';
import { EventOutbox } from './event-outbox.tsx';

/**
 * Class reminders and the notices of a moved or cancelled class (decision 050): their outbox, read with the
 * customers and opened by whoever manages attendance or customers, and their settings, changed with
 * MANAGE_SETTINGS.
 */
export function ClassNoticesArea({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const permissions = usePermissions(organizationId);
  const canOpen = permissions.canAny('MANAGE_ATTENDANCE') || permissions.canAny('MANAGE_CUSTOMERS');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold">
        {t('events.classNotices.title')}
      </h2>
      <p className="text-sm text-base-content/70">{t('events.classNotices.hint')}</p>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <EventOutbox organizationId={organizationId} kind="CLASS_NOTICES" canManage={canOpen} />
        </div>
        <Suspense fallback={<Spinner />}>
          <ClassNoticeSettingsPanel
            organizationId={organizationId}
            canManage={permissions.can('MANAGE_SETTINGS')}
          />
        </Suspense>
      </div>
    </section>
  );
}
