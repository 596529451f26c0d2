import { createFileRoute } from '@tanstack/react-router';
import { myOrganizationsQueryOptions } from '@/features/organizations/api/get-my-organizations.ts';
import { SelectOrganization } from '@/features/organizations/components/select-organization.tsx';

export const Route = createFileRoute('/app/select-organization')({
  staticData: { titleKey: 'organizations.select.title' },
  // Start fetching early (and on hover); the page itself shows loading, error and retry (spec §2).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myOrganizationsQueryOptions());
  },
  component: SelectOrganization,
});
