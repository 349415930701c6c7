import { Heading, Skeleton, Stack, Tabs } from '@/client/ui';
import dynamic from 'next/dynamic';
import { AppShell } from '@/client/shell/AppShell';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { QueryTabs } from '@/client/components/QueryTabs';
import { can, type Capability } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import type { Shop } from '@/features/shop/client/shop.api';
import { ChannelCards } from '../components/ChannelCards';

// Each tab loads when first shown: the page opens on the cards alone. The other tabs are still
// drawn with Chakra, which comes with their code.
const tabLoading = () => <Skeleton h="32" aria-busy="true" />;
const PasteToOrder = dynamic(
  () => loadInChakraIsland(import('../components/PasteToOrder').then((m) => m.PasteToOrder)),
  {
    loading: tabLoading,
  },
);
const WhatsappTab = dynamic(
  () => loadInChakraIsland(import('../components/WhatsappTab').then((m) => m.WhatsappTab)),
  {
    loading: tabLoading,
  },
);
const ListingsTab = dynamic(
  () => loadInChakraIsland(import('../components/ListingsTab').then((m) => m.ListingsTab)),
  {
    loading: tabLoading,
  },
);
const CataloguesTab = dynamic(
  () => loadInChakraIsland(import('../components/CataloguesTab').then((m) => m.CataloguesTab)),
  {
    loading: tabLoading,
  },
);

const TABS = {
  canaux: { label: 'Canaux', capability: 'channels:view' },
  coller: { label: 'Coller une conversation', capability: 'orders:create' },
  whatsapp: { label: 'WhatsApp', capability: 'channels:view' },
  produits: { label: 'Produits par canal', capability: 'channels:view' },
  catalogues: { label: 'Catalogues Meta et Google', capability: 'channels:view' },
} as const satisfies Record<string, { label: string; capability: Capability }>;
type Tab = keyof typeof TABS;

function Channels({ shop, role }: { shop: Shop; role: AgentRole }) {
  const tabs = (Object.keys(TABS) as Tab[])
    .filter((t) => can(role, TABS[t].capability))
    .map((t) => ({ value: t, label: TABS[t].label }));
  const canManage = can(role, 'channels:manage');
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Canaux de vente
      </Heading>
      <QueryTabs param="onglet" tabs={tabs}>
        <Tabs.Content value="canaux" pt="4" unmountOnExit>
          <ChannelCards shopId={shop._id} />
        </Tabs.Content>
        <Tabs.Content value="coller" pt="4" unmountOnExit>
          <PasteToOrder shopId={shop._id} currency={shop.currency} />
        </Tabs.Content>
        <Tabs.Content value="whatsapp" pt="4" unmountOnExit>
          <WhatsappTab shopId={shop._id} currency={shop.currency} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="produits" pt="4" unmountOnExit>
          <ListingsTab shopId={shop._id} currency={shop.currency} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="catalogues" pt="4" unmountOnExit>
          <CataloguesTab shopId={shop._id} canManage={canManage} />
        </Tabs.Content>
      </QueryTabs>
    </Stack>
  );
}

/** /canaux-de-vente: the shop's sales channels, WhatsApp orders and the Meta and Google catalogues. */
export function ChannelsScreen() {
  return (
    <AppShell capability="channels:view">
      {({ shop, role }) => (shop ? <Channels shop={shop} role={role} /> : null)}
    </AppShell>
  );
}
