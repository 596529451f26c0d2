import { MedicalRecordsSearchParams } from '@reformer/domain/medical-records';
import { canAny } from '@reformer/domain/permissions';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { medicalRecordsQueryOptions } from '@/features/medical-records/api/get-medical-records.ts';
import {
  MedicalRecordsPage,
  type MedicalRecordsQueryChange,
} from '@/features/medical-records/components/medical-records-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { MedicalRecordsError } from '../customers/$customerId/medical-records/-medical-records-error.tsx';

/** The URL's filters; a period whose ends cross (a hand-edited link) keeps its start: the API would refuse it. */
function validateMedicalRecordsSearch(
  search: Partial<MedicalRecordsSearchParams> & SearchSchemaInput,
): MedicalRecordsSearchParams {
  const parsed = MedicalRecordsSearchParams.parse(search);
  return parsed.from && parsed.to && parsed.to < parsed.from ? { ...parsed, to: undefined } : parsed;
}

export const Route = createFileRoute('/app/org/$orgId/medical-records/')({
  staticData: { titleKey: 'medicalRecords.title' },
  validateSearch: validateMedicalRecordsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'VIEW_MEDICAL_RECORDS')) throw new AccessDeniedError('VIEW_MEDICAL_RECORDS');
    // Fetched, not awaited: a new filter or page must not hold the page (and its filters) hostage.
    void queryClient.prefetchQuery(medicalRecordsQueryOptions(orgId, deps));
  },
  component: MedicalRecordsRoute,
  errorComponent: MedicalRecordsError,
});

function MedicalRecordsRoute() {
  const { orgId } = Route.useParams();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const onQueryChange = useCallback<MedicalRecordsQueryChange>(
    (next, options) =>
      navigate({ search: (previous) => ({ ...previous, ...next }), replace: options?.replace }),
    [navigate],
  );
  return <MedicalRecordsPage organizationId={orgId} query={query} onQueryChange={onQueryChange} />;
}
