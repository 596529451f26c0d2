import type { Establishment } from '@reformer/domain/establishments';
import { ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import type { StaffMember } from '@reformer/domain/staff';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

type EstablishmentStaffProps = {
  organizationId: string;
  establishments: Establishment[];
  staff: StaffMember[];
  canOpenEstablishments: boolean;
};

/** Each establishment with the staff assigned to it and their establishment role. */
export function EstablishmentStaff({
  organizationId,
  establishments,
  staff,
  canOpenEstablishments,
}: EstablishmentStaffProps) {
  const { t } = useTranslation();
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="establishment-staff">
      <div className="card-body p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="establishment-staff" className="card-title">
            {t('staff.byEstablishment.title')}
          </h2>
          {canOpenEstablishments && (
            <Link
              to="/app/org/$orgId/establishments"
              params={{ orgId: organizationId }}
              className="btn btn-sm btn-ghost"
            >
              {t('staff.byEstablishment.manage')}
            </Link>
          )}
        </div>
        {establishments.length === 0 ? (
          <p className="text-base-content/70">{t('staff.byEstablishment.empty')}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {establishments.map((establishment) => (
              <EstablishmentCard key={establishment.id} establishment={establishment} staff={staff} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function EstablishmentCard({ establishment, staff }: { establishment: Establishment; staff: StaffMember[] }) {
  const { t } = useTranslation();
  const headingId = `establishment-${establishment.id}`;
  const assigned = staff.flatMap((member) =>
    member.establishments
      .filter((assignment) => assignment.establishmentId === establishment.id)
      .map((assignment) => ({ member, role: assignment.role })),
  );
  return (
    <li className="rounded-box border border-base-300 p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {establishment.name}
      </h3>
      {assigned.length === 0 ? (
        <p className="text-sm text-base-content/70">{t('staff.byEstablishment.noStaff')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {assigned.map(({ member, role }) => (
            <li key={member.staffUserId} className="flex justify-between gap-2">
              <span>{member.name ?? member.email}</span>
              <span className="text-base-content/70">{t(ROLE_LABEL_KEYS[role])}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
