import { Heading, Skeleton, Stack, Tabs } from '@chakra-ui/react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { AppShell } from '@/client/shell/AppShell';
import { can, type Capability } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import type { Shop } from '@/features/shop/client/shop.api';
import { ChannelCards } from '../components/ChannelCards';

// Each tab loads when first shown: the page opens on the cards alone.
const tabLoading = () => <Skeleton h="32" aria-busy="true" />;
const PasteToOrder = dynamic(() => import('../components/PasteToOrder').then((m) => m.PasteToOrder), {
  loading: tabLoading,
});
const WhatsappTab = dynamic(() => import('../components/WhatsappTab').then((m) => m.WhatsappTab), {
  loading: tabLoading,
});
const ListingsTab = dynamic(() => import('../components/ListingsTab').then((m) => m.ListingsTab), {
  loading: tabLoading,
});
const CataloguesTab = dynamic(() => import('../components/CataloguesTab').then((m) => m.CataloguesTab), {
  loading: tabLoading,
});

const TABS = {
  canaux: { label: 'Canaux', capability: 'channels:view' },
  coller: { label: 'Coller une conversation', capability: 'orders:create' },
  whatsapp: { label: 'WhatsApp', capability: 'channels:view' },
  produits: { label: 'Produits par canal', capability: 'channels:view' },
  catalogues: { label: 'Catalogues Meta et Google', capability: 'channels:view' },
} as const satisfies Record<string, { label: string; capability: Capability }>;
type Tab = keyof typeof TABS;

function Channels({ shop, role }: { shop: Shop; role: AgentRole }) {
  const router = useRouter();
  const tabs = (Object.keys(TABS) as Tab[]).filter((t) => can(role, TABS[t].capability));
  const asked = String(router.query.onglet ?? '') as Tab;
  const tab: Tab = tabs.includes(asked) ? asked : 'canaux';
  const canManage = can(role, 'channels:manage');
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    strip.current
      ?.querySelector('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  function show(next: string) {
    const { onglet: _onglet, ...rest } = router.query;
    const query = next === 'canaux' ? rest : { ...rest, onglet: next };
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  }
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Canaux de vente
      </Heading>
      <Tabs.Root value={tab} onValueChange={(e) => show(e.value)} lazyMount unmountOnExit variant="line">
        {/* Wider than a phone: the strip scrolls on its own, never the page. */}
        <Tabs.List ref={strip} overflowX="auto" overflowY="hidden" css={{ scrollbarWidth: 'none' }}>
          {tabs.map((t) => (
            <Tabs.Trigger key={t} value={t} whiteSpace="nowrap" flexShrink={0}>
              {TABS[t].label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="canaux" pt="4">
          <ChannelCards shopId={shop._id} />
        </Tabs.Content>
        <Tabs.Content value="coller" pt="4">
          <PasteToOrder shopId={shop._id} currency={shop.currency} />
        </Tabs.Content>
        <Tabs.Content value="whatsapp" pt="4">
          <WhatsappTab shopId={shop._id} currency={shop.currency} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="produits" pt="4">
          <ListingsTab shopId={shop._id} currency={shop.currency} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="catalogues" pt="4">
          <CataloguesTab shopId={shop._id} canManage={canManage} />
        </Tabs.Content>
      </Tabs.Root>
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
