import { PURCHASE_ACTIONS } from '@reformer/domain/purchases';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { canOpenAttendance } from '@/lib/attendance-access.ts';
import { UPCOMING_ENTRIES } from '../upcoming-features.ts';

const itemClass = 'rounded-field';
const activeProps = { className: 'menu-active', 'aria-current': 'page' } as const;

export function OrganizationNav({
  organizationId,
  onNavigate,
}: {
  organizationId: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const params = { orgId: organizationId };

  return (
    <nav aria-label={t('nav.organizationNavigation')}>
      <ul className="menu w-full gap-1">
        <li>
          <Link
            to="/app/org/$orgId"
            params={params}
            className={itemClass}
            activeProps={activeProps}
            activeOptions={{ exact: true }}
            onClick={onNavigate}
          >
            {t('nav.dashboard')}
          </Link>
        </li>
        {permissions.canAny('VIEW_ESTABLISHMENTS') && (
          <li>
            <Link
              to="/app/org/$orgId/establishments"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.establishments')}
            </Link>
          </li>
        )}
        {permissions.canAny('VIEW_STAFF') && (
          <li>
            <Link
              to="/app/org/$orgId/staff"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.staff')}
            </Link>
          </li>
        )}
        {permissions.canAny('VIEW_CUSTOMERS') && (
          <li>
            <Link
              to="/app/org/$orgId/customers"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.customers')}
            </Link>
          </li>
        )}
        {permissions.can('VIEW_CUSTOMER_PLANS') && (
          <li>
            <Link
              to="/app/org/$orgId/customer-plans"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.customerPlans')}
            </Link>
          </li>
        )}
        {permissions.canAny('VIEW_SCHEDULES') && (
          <li>
            <Link
              to="/app/org/$orgId/schedules"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.schedules')}
            </Link>
          </li>
        )}
        {permissions.canAny('VIEW_ENROLLMENTS') && (
          <li>
            <Link
              to="/app/org/$orgId/enrollments"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.enrollment')}
            </Link>
          </li>
        )}
        {permissions.canAny(PURCHASE_ACTIONS.view) && (
          <li>
            <Link
              to="/app/org/$orgId/purchases"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.purchases')}
            </Link>
          </li>
        )}
        {canOpenAttendance(permissions.profile) && (
          <li>
            <Link
              to="/app/org/$orgId/attendance"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.attendance')}
            </Link>
          </li>
        )}
        {permissions.can('VIEW_PAYMENTS') && (
          <li>
            <Link
              to="/app/org/$orgId/payments"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.payments')}
            </Link>
          </li>
        )}
        {permissions.canAny('VIEW_MEDICAL_RECORDS') && (
          <li>
            <Link
              to="/app/org/$orgId/medical-records"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.medicalRecords')}
            </Link>
          </li>
        )}
        {(permissions.canAny('VIEW_CUSTOMERS') || permissions.can('VIEW_PAYMENTS')) && (
          <li>
            <Link
              to="/app/org/$orgId/events"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.events')}
            </Link>
          </li>
        )}
        {UPCOMING_ENTRIES.filter((entry) => permissions.canAny(entry.action)).map((entry) => (
          <li key={entry.feature}>
            <Link
              to="/app/org/$orgId/under_development"
              params={params}
              search={{ feature: entry.feature }}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t(entry.label)}
            </Link>
          </li>
        ))}
        {permissions.can('VIEW_SETTINGS') && (
          <li>
            <Link
              to="/app/org/$orgId/settings"
              params={params}
              className={itemClass}
              activeProps={activeProps}
              onClick={onNavigate}
            >
              {t('nav.organizationSettings')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
