import { Heading, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { AppShell } from '@/client/shell/AppShell';
import type { Shop } from '@/features/shop/client/shop.api';
import { useGetStorefrontQuery } from '../storefront.api';
import { StorefrontSettingsForm } from '../components/StorefrontSettingsForm';

const AbandonedCarts = dynamic(() => import('../components/AbandonedCarts').then((m) => m.AbandonedCarts), {
  loading: () => <Skeleton h="32" />,
});

const TABS = { boutique: 'Boutique en ligne', paniers: 'Paniers abandonnés' } as const;
type Tab = keyof typeof TABS;

function Website({ shop }: { shop: Shop }) {
  const router = useRouter();
  const tab: Tab = router.query.vue === 'paniers' ? 'paniers' : 'boutique';
  const { data, isLoading, isError } = useGetStorefrontQuery({ shopId: shop._id });
  function show(next: string) {
    const query = { ...router.query, vue: next };
    if (next === 'boutique') delete (query as Record<string, unknown>).vue;
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  }
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Site web
      </Heading>
      <Tabs.Root value={tab} onValueChange={(e) => show(e.value)} lazyMount unmountOnExit variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden" css={{ scrollbarWidth: 'none' }}>
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <Tabs.Trigger key={t} value={t} whiteSpace="nowrap" flexShrink={0}>
              {TABS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="boutique" pt="4">
          {isLoading ? <Skeleton h="64" /> : null}
          {isError ? (
            <Text color="fg.error">Les réglages n’ont pas pu être chargés. Rechargez la page.</Text>
          ) : null}
          {data ? (
            <StorefrontSettingsForm shopId={shop._id} currency={shop.currency} settings={data} />
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="paniers" pt="4">
          <AbandonedCarts shopId={shop._id} currency={shop.currency} timeZone={shop.timeZone} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** /website: the online shop — open or closed, its address, look, payments and pages; abandoned carts. */
export function WebsiteScreen() {
  return (
    <AppShell capability="website:manage">{({ shop }) => (shop ? <Website shop={shop} /> : null)}</AppShell>
  );
}
