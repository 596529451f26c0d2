import type { Availability } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';

const BADGE_CLASS: Record<Availability, string> = {
  FULL: 'badge-error',
  ALMOST_FULL: 'badge-warning',
  AVAILABLE: 'badge-success',
  INACTIVE: 'badge-ghost',
};

/** The word says it ("Full", "Almost full"…); the colour only repeats it. */
export function AvailabilityBadge({
  availability,
  size = 'sm',
}: {
  availability: Availability;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge ${size === 'xs' ? 'badge-xs' : 'badge-sm'} whitespace-nowrap ${BADGE_CLASS[availability]}`}
    >
      {t(`attendance.availability.${availability}`)}
    </span>
  );
}

/** "4/6", read out as "4 of 6 seats taken". */
export function RosterCount({ count, capacity }: { count: number; capacity: number }) {
  const { t } = useTranslation();
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span aria-hidden="true">{t('attendance.rosterCount', { count, capacity })}</span>
      <span className="sr-only">{t('attendance.rosterCountLabel', { count, capacity })}</span>
    </span>
  );
}
