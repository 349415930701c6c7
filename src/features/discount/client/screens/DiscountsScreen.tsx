import { Box, Button, Checkbox, Heading, HStack, SimpleGrid, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { useEffect, useState } from 'react';
import { LuPercent, LuPlus } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { EmptyListState } from '@/client/components/EmptyListState';
import { FilterSelect } from '@/client/components/FilterSelect';
import { FilterSheet } from '@/client/components/FilterSheet';
import { ResponsiveList } from '@/client/components/ResponsiveList';
import { useIsPhone } from '@/client/hooks/use-is-phone';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { DiscountState } from '@/shared/discounts/types';
import type { Shop } from '@/features/shop/client/shop.api';
import { DISCOUNT_STATES, DISCOUNT_TYPES } from '../../discount.constants';
import { useListDiscountsQuery, type DiscountListArgs } from '../discount.api';
import { STATE_LABELS, TYPE_LABELS, type DiscountType } from '../discount-text';
import { DISCOUNT_COLUMNS, DiscountPage } from '../components/DiscountRows';
import { StackingRulesCard } from '../components/StackingRulesCard';

interface Filters {
  state: DiscountState | '';
  type: DiscountType | '';
  archived: boolean;
}

function DiscountFilters({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  return (
    <>
      <FilterSelect
        label="État"
        value={filters.state}
        onChange={(v) => onChange({ ...filters, state: v as Filters['state'] })}
        options={[
          { value: '', label: 'Tous les états' },
          ...DISCOUNT_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] })),
        ]}
      />
      <FilterSelect
        label="Type"
        value={filters.type}
        onChange={(v) => onChange({ ...filters, type: v as Filters['type'] })}
        options={[
          { value: '', label: 'Tous les types' },
          ...DISCOUNT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
        ]}
      />
      <Checkbox.Root
        size="sm"
        checked={filters.archived}
        onCheckedChange={(e) => onChange({ ...filters, archived: !!e.checked })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Afficher les archivées</Checkbox.Label>
      </Checkbox.Root>
    </>
  );
}

const activeCount = (f: Filters) => [f.state, f.type, f.archived].filter(Boolean).length;

function NewDiscountButton({ shopId, size = 'sm' }: { shopId: string; size?: 'sm' | 'md' }) {
  return (
    <Button asChild size={size} colorPalette="brand">
      <PageLink href={withShopId('/reductions/nouvelle', shopId)}>
        <LuPlus /> Créer une réduction
      </PageLink>
    </Button>
  );
}

function Discounts({ shop, isAdmin }: { shop: Shop; isAdmin: boolean }) {
  const isPhone = useIsPhone();
  const [filters, setFilters] = useState<Filters>({ state: '', type: '', archived: false });
  const [cursors, setCursors] = useState<string[]>([]);
  const args: DiscountListArgs = {
    shopId: shop._id,
    state: filters.state || undefined,
    type: filters.type || undefined,
    archived: filters.archived ? 'true' : 'false',
  };
  const filterKey = JSON.stringify(args);
  useEffect(() => setCursors([]), [filterKey]);
  const pages = [undefined, ...cursors];
  // The first page of the unfiltered list (shared with the list's own query): empty means none yet.
  const isUnfiltered = activeCount(filters) === 0;
  const first = useListDiscountsQuery(args);
  const hasNone = isUnfiltered && first.data?.items.length === 0 && !first.data.nextAfter;

  const noMatch = (
    <Text color="fg.muted" py="6" textAlign="center">
      {filters.archived && !filters.state && !filters.type
        ? 'Aucune réduction archivée.'
        : 'Aucune réduction ne correspond.'}
    </Text>
  );

  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Réductions
        </Heading>
        {!hasNone ? <NewDiscountButton shopId={shop._id} /> : null}
      </HStack>

      {isAdmin && first.data && !hasNone ? (
        <StackingRulesCard shopId={shop._id} stackCapPercent={first.data.stackCapPercent} />
      ) : null}

      {isPhone ? (
        <HStack justify="flex-end">
          <FilterSheet
            activeCount={activeCount(filters)}
            onClear={() => setFilters({ state: '', type: '', archived: false })}
          >
            <Stack gap="4">
              <DiscountFilters filters={filters} onChange={setFilters} />
            </Stack>
          </FilterSheet>
        </HStack>
      ) : (
        <SimpleGrid columns={3} gap="3" alignItems="center" maxW="3xl">
          <DiscountFilters filters={filters} onChange={setFilters} />
        </SimpleGrid>
      )}

      {hasNone ? (
        // No discount yet: what they are for and the first one to make, in the list's place.
        <Box borderWidth="1px" rounded="md" bg="bg" py="4">
          <EmptyListState
            testId="no-discounts-yet"
            icon={<LuPercent />}
            title="Aucune réduction pour le moment"
            description="Créez un code à donner à vos clients (BIENVENUE10) ou une réduction automatique (« 3 pour le prix de 2 »), au point de vente, en commande manuelle ou sur le site."
            actions={<NewDiscountButton shopId={shop._id} />}
          />
        </Box>
      ) : (
        <ResponsiveList
          testId="discounts-list"
          columns={DISCOUNT_COLUMNS}
          interactive
          header={
            <>
              <Table.ColumnHeader>Réduction</Table.ColumnHeader>
              <Table.ColumnHeader>Type</Table.ColumnHeader>
              <Table.ColumnHeader>État</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', xl: 'table-cell' }}>Dates</Table.ColumnHeader>
              <Table.ColumnHeader>Utilisation</Table.ColumnHeader>
            </>
          }
        >
          {pages.map((after, index) => (
            <DiscountPage
              key={`${filterKey}-${after ?? 'first'}`}
              args={{ ...args, after }}
              currency={shop.currency}
              timeZone={shop.timeZone}
              onMore={index === pages.length - 1 ? (c) => setCursors((list) => [...list, c]) : undefined}
              empty={noMatch}
            />
          ))}
        </ResponsiveList>
      )}
    </Stack>
  );
}

/** /reductions: the shop's discounts (admin, supervisor, seller; SPEC §2). */
export function DiscountsScreen() {
  return (
    <AppShell capability="discounts:manage">
      {({ shop, role }) => (shop ? <Discounts shop={shop} isAdmin={can(role, 'shop:settings')} /> : null)}
    </AppShell>
  );
}
