import { type AccessProfile, can, canAny } from '@reformer/domain/permissions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BackupsLinkCard } from '@/features/backups/components/backups-link-card.tsx';
import { contractVersionsQueryOptions } from '@/features/contracts/api/get-contract-versions.ts';
import { ContractVersionsPanel } from '@/features/contracts/components/contract-versions-panel.tsx';
import { ImportSettingsPanel } from '@/features/customer-import/components/import-settings-panel.tsx';
import { customerPlansQueryOptions } from '@/features/customer-plans/api/get-customer-plans.ts';
import { CustomerPlansSummary } from '@/features/customer-plans/components/customer-plans-summary.tsx';
import { CustomersExportPanel } from '@/features/customers/components/customers-export-panel.tsx';
import { establishmentsQueryOptions } from '@/features/establishments/api/get-establishments.ts';
import { ExportsPanel } from '@/features/exports/components/exports-panel.tsx';
import { allowedExports } from '@/features/exports/export-permissions.ts';
import { healthQuestionnaireSettingsQueryOptions } from '@/features/health-questionnaire/api/get-health-questionnaire-settings.ts';
import { HealthQuestionnaireSettingsPanel } from '@/features/health-questionnaire/components/health-questionnaire-settings-panel.tsx';
import { makeUpCreditSettingsQueryOptions } from '@/features/make-up-credits/api/get-make-up-credit-settings.ts';
import { MakeUpCreditSettingsPanel } from '@/features/make-up-credits/components/make-up-credit-settings-panel.tsx';
import {
  GeneralSettings,
  OrganizationSettings,
} from '@/features/organizations/components/organization-settings.tsx';
import {
  SETTINGS_TABS,
  type SettingsPanel,
  type SettingsTab,
} from '@/features/organizations/settings-tabs.ts';
import { pixSettingsQueryOptions } from '@/features/payments/api/get-pix-settings.ts';
import { PixSettingsPanel } from '@/features/payments/components/pix-settings-panel.tsx';
import { pixPspQueryOptions } from '@/features/pix-psp/api/get-pix-psp.ts';
import { PixPspPanel } from '@/features/pix-psp/components/pix-psp-panel.tsx';
import { studioPageQueryOptions } from '@/features/studio-pages/api/studio-page-api.ts';
import { StudioPageSettingsPanel } from '@/features/studio-pages/components/studio-page-settings-panel.tsx';
import { waitlistSettingsQueryOptions } from '@/features/waitlist/api/get-waitlist-settings.ts';
import { WaitlistSettingsPanel } from '@/features/waitlist/components/waitlist-settings-panel.tsx';
import { whatsappQueryOptions } from '@/features/whatsapp/api/get-whatsapp.ts';
import { WhatsAppPanel } from '@/features/whatsapp/components/whatsapp-panel.tsx';
import { accessProfileQueryOptions, usePermissions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** Which tabs a member sees: each needs the permission of the feature behind it. */
function visibleTabs(profile: AccessProfile): SettingsTab[] {
  const org = { scope: 'ORG' } as const;
  return SETTINGS_TABS.filter(
    (tab) =>
      tab === 'general' ||
      // Branding and the public page are settings: every member who reads settings sees them.
      tab === 'studioPage' ||
      // Every member may read the make-up rules; MANAGE_SETTINGS changes them.
      tab === 'makeUpCredits' ||
      // Every member may read the studio's terms; MANAGE_SETTINGS publishes a version (decision 043).
      tab === 'contract' ||
      // WhatsApp is an organization setting: every member who reads settings sees it (decision 049).
      tab === 'messages' ||
      // The PIX key: for who records payments, or may change settings; the PSP: for who sees billing.
      (tab === 'payments' &&
        (can(profile, 'VIEW_PAYMENTS', org) ||
          can(profile, 'MANAGE_SETTINGS', org) ||
          can(profile, 'VIEW_BILLING', org))) ||
      // The questionnaire asks for health data: chosen by who may manage medical records (decision 044).
      (tab === 'healthQuestionnaire' && canAny(profile, 'MANAGE_MEDICAL_RECORDS')) ||
      (tab === 'import' && can(profile, 'IMPORT_CUSTOMERS', org)) ||
      (tab === 'export' && (can(profile, 'EXPORT_CUSTOMERS', org) || allowedExports(profile).length > 0)) ||
      (tab === 'staff' && canAny(profile, 'VIEW_STAFF')) ||
      (tab === 'clientPlans' && can(profile, 'VIEW_CUSTOMER_PLANS', org)),
  );
}

export const Route = createFileRoute('/app/org/$orgId/settings/')({
  staticData: { titleKey: 'settings.title' },
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsPanel | undefined } => ({
    tab: SETTINGS_TABS.find((tab): tab is SettingsPanel => tab !== 'staff' && tab === search.tab),
  }),
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'general' }),
  loader: async ({ context: { queryClient }, params: { orgId }, deps: { tab } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'VIEW_SETTINGS', { scope: 'ORG' })) throw new AccessDeniedError('VIEW_SETTINGS');
    if (tab === 'clientPlans' && visibleTabs(profile).includes(tab)) {
      await queryClient.ensureQueryData(customerPlansQueryOptions(orgId));
    }
    if (tab === 'payments' && visibleTabs(profile).includes(tab)) {
      await Promise.all([
        queryClient.ensureQueryData(pixSettingsQueryOptions(orgId)),
        can(profile, 'VIEW_BILLING', { scope: 'ORG' }) &&
          queryClient.ensureQueryData(pixPspQueryOptions(orgId)),
      ]);
    }
    if (tab === 'healthQuestionnaire' && visibleTabs(profile).includes(tab)) {
      await queryClient.ensureQueryData(healthQuestionnaireSettingsQueryOptions(orgId));
    }
    if (tab === 'studioPage') await queryClient.ensureQueryData(studioPageQueryOptions(orgId));
    if (tab === 'contract') await queryClient.ensureQueryData(contractVersionsQueryOptions(orgId));
    if (tab === 'messages') await queryClient.ensureQueryData(whatsappQueryOptions(orgId));
    if (tab === 'makeUpCredits') {
      await Promise.all([
        queryClient.ensureQueryData(makeUpCreditSettingsQueryOptions(orgId)),
        queryClient.ensureQueryData(establishmentsQueryOptions(orgId)),
        queryClient.ensureQueryData(waitlistSettingsQueryOptions(orgId)),
      ]);
    }
  },
  component: SettingsRoute,
});

function SettingsRoute() {
  const { orgId } = Route.useParams();
  const { profile } = usePermissions(orgId);
  const tabs = visibleTabs(profile);
  const requested = Route.useSearch().tab ?? 'general';
  // A tab the member may not open (an old link, a changed role) shows "general" instead.
  const tab: SettingsPanel = tabs.includes(requested) ? requested : 'general';

  return (
    <OrganizationSettings organizationId={orgId} tabs={tabs} activeTab={tab}>
      {tab === 'general' && <GeneralSettings organizationId={orgId} />}
      {/* A backup holds every organization: only an owner can be the install's owner the screen asks for. */}
      {tab === 'general' && can(profile, 'DELETE_ORGANIZATION', { scope: 'ORG' }) && (
        <BackupsLinkCard organizationId={orgId} />
      )}
      {tab === 'payments' && <PaymentsTab organizationId={orgId} profile={profile} />}
      {tab === 'makeUpCredits' && <MakeUpCreditsTab organizationId={orgId} />}
      {tab === 'healthQuestionnaire' && <HealthQuestionnaireSettingsPanel organizationId={orgId} />}
      {tab === 'contract' && <ContractVersionsPanel organizationId={orgId} />}
      {tab === 'messages' && <WhatsAppPanel organizationId={orgId} />}
      {tab === 'import' && <ImportSettingsPanel organizationId={orgId} />}
      {tab === 'export' && can(profile, 'EXPORT_CUSTOMERS', { scope: 'ORG' }) && (
        <CustomersExportPanel organizationId={orgId} />
      )}
      {tab === 'export' && <ExportsPanel organizationId={orgId} kinds={allowedExports(profile)} />}
      {tab === 'clientPlans' && <CustomerPlansSummary organizationId={orgId} />}
      {tab === 'studioPage' && <StudioPageSettingsPanel organizationId={orgId} />}
    </OrganizationSettings>
  );
}

/** The PIX key of the static BR Code, and the PSP that creates PIX charges (for who sees billing). */
function PaymentsTab({ organizationId, profile }: { organizationId: string; profile: AccessProfile }) {
  return (
    <>
      <PixSettingsPanel organizationId={organizationId} />
      {can(profile, 'VIEW_BILLING', { scope: 'ORG' }) && <PixPspPanel organizationId={organizationId} />}
    </>
  );
}

/**
 * The make-up rules, with the establishments whose no-credit dates they list (features do not import each
 * other), and the waitlist's hold time: both are about classes a customer misses or waits for.
 */
function MakeUpCreditsTab({ organizationId }: { organizationId: string }) {
  const { data: establishments } = useSuspenseQuery(establishmentsQueryOptions(organizationId));
  return (
    <>
      <MakeUpCreditSettingsPanel organizationId={organizationId} establishments={establishments} />
      <WaitlistSettingsPanel organizationId={organizationId} />
    </>
  );
}
