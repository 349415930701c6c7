import { Button, Heading, Skeleton, Stack, Text } from '@/client/ui';
import dynamic from 'next/dynamic';
import { PageLink } from '@/client/components/PageLink';
import { AppShell } from '@/client/shell/AppShell';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { EmptyListState } from '@/client/components/EmptyListState';
import { LinkTabs, useLinkTab } from '@/client/components/LinkTabs';
import { can } from '@/shared/permissions';
import { withShopId } from '@/shared/navigation';
import { effectivePlan } from '@/shared/plans';
import type { AgentRole } from '@/shared/roles';
import { shopDates, type Shop } from '@/features/shop/client/shop.api';

const loading = () => <Skeleton h="32" aria-busy="true" />;
// « Segments », the first view, is drawn with the page's kit; the other views, still on Chakra,
// bring it with their code when they are opened.
const SegmentsTab = dynamic(() => import('../components/SegmentsTab').then((m) => m.SegmentsTab), {
  loading,
});
const CampaignsTab = dynamic(
  () => loadInChakraIsland(import('../components/CampaignsTab').then((m) => m.CampaignsTab)),
  { loading },
);
const AutomationsTab = dynamic(
  () => loadInChakraIsland(import('../components/AutomationsTab').then((m) => m.AutomationsTab)),
  { loading },
);
const LoyaltyProgramTab = dynamic(
  () =>
    loadInChakraIsland(
      import('@/features/loyalty/client/components/LoyaltyProgramTab').then((m) => m.LoyaltyProgramTab),
    ),
  { loading },
);

const VIEWS = [
  { value: 'segments', label: 'Segments' },
  { value: 'campagnes', label: 'Campagnes SMS' },
  { value: 'automatisations', label: 'Automatisations' },
  { value: 'fidelite', label: 'Fidélité' },
] as const;

/** On the free plan: what the CRM would give, and the way to it (the server refuses its routes). */
function PaidOnly({ shopId }: { shopId: string }) {
  return (
    <EmptyListState
      testId="crm-paid-only"
      title="Le CRM est inclus dans les forfaits payants"
      description="Segmentez vos clients selon leurs achats, envoyez-leur des SMS dans la limite de votre forfait et fidélisez-les. Passez au forfait Starter ou supérieur pour l’utiliser."
      actions={
        <Button asChild colorPalette="brand" size="sm">
          <PageLink href={withShopId('/parametres/abonnement', shopId)}>Voir les forfaits</PageLink>
        </Button>
      }
    />
  );
}

function CrmViews({ shop, canManage }: { shop: Shop; canManage: boolean }) {
  const view = useLinkTab('onglet', VIEWS);
  return (
    <Stack gap="4">
      <LinkTabs param="onglet" label="Vues du CRM" views={VIEWS} />
      {view === 'segments' ? (
        <SegmentsTab shopId={shop._id} currency={shop.currency} canManage={canManage} />
      ) : view === 'campagnes' ? (
        <CampaignsTab shopId={shop._id} canManage={canManage} />
      ) : view === 'automatisations' ? (
        <AutomationsTab shopId={shop._id} canManage={canManage} />
      ) : (
        <LoyaltyProgramTab shopId={shop._id} currency={shop.currency} canManage={canManage} />
      )}
    </Stack>
  );
}

function Crm({ shop, role }: { shop: Shop; role: AgentRole }) {
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          CRM
        </Heading>
        <Text color="fg.muted">
          Vos clients regroupés selon leurs achats, pour leur parler au bon moment.
        </Text>
      </Stack>
      {effectivePlan(shopDates(shop)) === 'free' ? (
        <PaidOnly shopId={shop._id} />
      ) : (
        <CrmViews shop={shop} canManage={can(role, 'crm:manage')} />
      )}
    </Stack>
  );
}

/** /crm: segments of the shop's clients, SMS campaigns to them, automated messages and loyalty points. */
export function CrmScreen() {
  return (
    <AppShell capability="crm:view" quotaPage="sms">
      {({ shop, role }) => (shop ? <Crm shop={shop} role={role} /> : null)}
    </AppShell>
  );
}
