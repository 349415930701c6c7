import {
  Button,
  CloseButton,
  Grid,
  Heading,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Stack,
  Table,
  Tabs,
  Text,
  VisuallyHidden,
} from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { useEffect, useMemo, useState } from 'react';
import { LuPlus, LuSearch, LuTrash2 } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { CsvExportMenu } from '@/client/components/CsvExportMenu';
import { FilterSheet } from '@/client/components/FilterSheet';
import { ResponsiveList } from '@/client/components/ResponsiveList';
import { useIsPhone } from '@/client/hooks/use-is-phone';
import { useIsPhoneBrowser } from '@/client/hooks/use-is-phone-browser';
import { toaster } from '@/client/shell/toaster';
import { downloadFromApi } from '@/client/api/download';
import { useDebounced } from '@/client/hooks/use-debounced';
import { useSelection } from '@/client/hooks/use-selection';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import type { Shop } from '@/features/shop/client/shop.api';
import { useGetAllAgentsQuery } from '@/features/agent/client/team.api';
import {
  BUILT_IN_VIEWS,
  FULFILMENT_STATUSES,
  ORDER_CHANNELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type FulfilmentStatus,
  type PaymentStatus,
} from '../../order.constants';
import { firstOrdersPageLength } from '../../orders-first-page';
import type { TOrderFilters } from '../../order.schemas';
import {
  orderQueryParams,
  useCountOrdersQuery,
  useDeleteOrderViewMutation,
  useListOrderViewsQuery,
  useListOrdersQuery,
} from '../order.api';
import { ORDER_COLUMNS, OrderPage } from '../components/OrderRows';
import { NoOrdersYet } from '../components/NoOrdersYet';
import { OrderFilters } from '../components/OrderFilters';
import { OrderBulkBar } from '../components/OrderBulkBar';
import { SaveViewDialog } from '../components/SaveViewDialog';
import { DRILL_DOWN_KEYS, DrillDownChips, type DrillDownKey } from '../components/DrillDownChips';
import { formatCount } from '@/shared/numbers';

const EXPORT_KINDS = [
  { value: 'orders', label: 'Commandes (une ligne par commande)' },
  { value: 'lines', label: 'Lignes (une ligne par article vendu)' },
] as const;

function CountLine({ shopId, filters }: { shopId: string; filters: TOrderFilters }) {
  const { data } = useCountOrdersQuery({ shopId, filters });
  if (!data) return <Text fontSize="sm">&nbsp;</Text>;
  const n = formatCount(data.count);
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="orders-count">
      {data.isCapped ? `Plus de ${n} commandes` : `${n} commande${data.count > 1 ? 's' : ''}`}
    </Text>
  );
}

/** The filters a link carries in its query (from Statistiques), or null when it carries none. */
export function filtersFromQuery(query: Record<string, string | string[] | undefined>): TOrderFilters | null {
  const one = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : undefined);
  const day = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(one(key) ?? '') ? one(key) : undefined);
  const channel = one('channel');
  const method = one('method');
  const fulfilment = (one('fulfilment') ?? '')
    .split(',')
    .filter((s): s is FulfilmentStatus => (FULFILMENT_STATUSES as readonly string[]).includes(s));
  const payment = (one('payment') ?? '')
    .split(',')
    .filter((s): s is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(s));
  const drillDown = Object.fromEntries(
    [...DRILL_DOWN_KEYS, 'agentId' as const].flatMap((key) => {
      const value = one(key)?.trim();
      return value && value.length <= 100 ? [[key, value]] : [];
    }),
  ) as Partial<TOrderFilters>;
  const filters: TOrderFilters = {
    ...(day('from') ? { from: day('from') } : {}),
    ...(day('to') ? { to: day('to') } : {}),
    ...(channel && (ORDER_CHANNELS as readonly string[]).includes(channel)
      ? { channel: channel as TOrderFilters['channel'] }
      : {}),
    ...(method && (PAYMENT_METHODS as readonly string[]).includes(method)
      ? { method: method as TOrderFilters['method'] }
      : {}),
    ...(fulfilment.length ? { fulfilment } : {}),
    ...(payment.length ? { payment } : {}),
    ...drillDown,
  };
  return Object.keys(filters).length ? filters : null;
}

/** The filters set besides the search (the phone's « Filtres » button counts them). */
function activeFilterCount(filters: TOrderFilters): number {
  const { search: _search, ...rest } = filters;
  return Object.values(rest).filter((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined)).length;
}

function Orders({ shop, role }: { shop: Shop; role: AgentRole }) {
  const isPhone = useIsPhone();
  const isPhoneBrowser = useIsPhoneBrowser();
  const views = useListOrderViewsQuery({ shopId: shop._id });
  const [deleteView] = useDeleteOrderViewMutation();
  const agents = useGetAllAgentsQuery({ shopId: shop._id }, { skip: !can(role, 'team:view') });
  const [viewId, setViewId] = useState('all');
  const [filters, setFilters] = useState<TOrderFilters>({});
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), 250);
  const [cursors, setCursors] = useState<string[]>([]);
  const { selected, toggle, clear: clearSelection } = useSelection();
  const [isSaveOpen, setSaveOpen] = useState(false);

  const allViews = useMemo(
    () => [
      ...BUILT_IN_VIEWS.map((v) => ({ ...v, isSaved: false })),
      ...(views.data?.items ?? []).map((v) => ({ ...v, isSaved: true })),
    ],
    [views.data],
  );
  const effective: TOrderFilters = { ...filters, search: search || undefined };
  const filterKey = JSON.stringify(effective);
  useEffect(() => {
    setCursors([]);
    clearSelection();
  }, [filterKey, clearSelection]);

  // The home page's to-do links open a tab: /mes-commandes?vue=to-confirm.
  const router = useRouter();
  const requestedView = typeof router.query.vue === 'string' ? router.query.vue : null;
  useEffect(() => {
    if (requestedView) openView(requestedView);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestedView, views.data]);
  // Statistiques link a figure to its orders: /mes-commandes?from=…&to=…&channel=….
  const linkedFilters = filtersFromQuery(router.query);
  const linkedKey = JSON.stringify(linkedFilters);
  const linkedLabel = typeof router.query.libelle === 'string' ? router.query.libelle.slice(0, 120) : null;
  useEffect(() => {
    if (!linkedFilters) return;
    setFilters(linkedFilters);
    setViewId('custom');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedKey]);
  // « Par agent » links the user who sold; the « Agent » select lists team members.
  useEffect(() => {
    const agent = agents.data?.find((a) => a.userId === filters.agentId);
    if (agent) setFilters((current) => ({ ...current, agentId: agent._id }));
  }, [agents.data, filters.agentId]);

  function openView(id: string) {
    const view = allViews.find((v) => v.id === id);
    if (!view) return;
    setViewId(id);
    setFilters(view.filters);
    setSearchInput(view.filters.search ?? '');
  }
  function removeView(id: string) {
    void deleteView({ shopId: shop._id, viewId: id });
    if (viewId === id) openView('all');
  }
  function changeFilters(next: TOrderFilters) {
    setFilters(next);
    setViewId('custom');
  }
  function removeDrillDown(key: DrillDownKey) {
    const { [key]: _removed, ...rest } = filters;
    changeFilters(rest);
  }
  function clearFilters() {
    setFilters({});
    setViewId(searchInput.trim() ? 'custom' : 'all');
  }

  async function exportCsv(separator: 'semicolon' | 'comma', kind: 'orders' | 'lines' = 'orders') {
    try {
      await downloadFromApi(
        kind === 'lines' ? '/api/order/exportLinesCsv' : '/api/order/exportCsv',
        { ...orderQueryParams(shop._id, effective), separator },
        kind === 'lines' ? 'commandes-lignes.csv' : 'commandes.csv',
      );
    } catch {
      toaster.create({ title: 'L’export a échoué. Réessayez.', type: 'error', duration: 3500 });
    }
  }

  const pages = [undefined, ...cursors];
  const isUnfiltered = activeFilterCount(effective) === 0 && !effective.search;
  // The first page's own query (shared with the list): none at all, and the empty list offers
  // « Nouvelle commande » in the header's place.
  const firstPageArgs = { shopId: shop._id, filters: effective, ...firstOrdersPageLength(isPhoneBrowser) };
  const firstPage = useListOrdersQuery(firstPageArgs, { skip: !isUnfiltered });
  const hasNoOrders = isUnfiltered && firstPage.data?.items.length === 0;
  const openSavedView = allViews.find((v) => v.isSaved && v.id === viewId);
  // The tab's cross is for the mouse; this button says the same to a keyboard and a screen reader.
  const deleteViewButton = openSavedView ? (
    <IconButton
      size={isPhone ? 'md' : 'sm'}
      variant="outline"
      colorPalette="red"
      aria-label={`Supprimer la vue ${openSavedView.name}`}
      onClick={() => removeView(openSavedView.id)}
    >
      <LuTrash2 />
    </IconButton>
  ) : null;
  const searchField = (
    <InputGroup startElement={<LuSearch />} flex="1" gridColumn={{ base: 'span 1', md: 'span 2' }}>
      <Input
        size={isPhone ? 'md' : 'sm'}
        placeholder={isPhone ? 'Numéro, nom, téléphone, ticket' : 'Numéro, client, téléphone ou ticket local'}
        aria-label="Rechercher une commande"
        value={searchInput}
        onChange={(e) => {
          setSearchInput(e.currentTarget.value);
          if (viewId !== 'custom' && e.currentTarget.value.trim() !== (filters.search ?? ''))
            setViewId('custom');
        }}
      />
    </InputGroup>
  );

  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            Commandes
          </Heading>
          <CountLine shopId={shop._id} filters={effective} />
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <CsvExportMenu
            kinds={EXPORT_KINDS}
            onExport={(separator, kind) => void exportCsv(separator, kind)}
          />
          {can(role, 'orders:create') && !hasNoOrders ? (
            <Button asChild size="sm" colorPalette="brand">
              <PageLink href={withShopId('/mes-commandes/nouvelle', shop._id)}>
                <LuPlus /> Nouvelle commande
              </PageLink>
            </Button>
          ) : null}
        </HStack>
      </HStack>

      {/* The list is the open view's panel: each tab controls what it shows. */}
      <Tabs.Root
        value={viewId}
        onValueChange={(e) => openView(e.value)}
        variant="line"
        size="sm"
        display="flex"
        flexDirection="column"
        gap="5"
      >
        <Tabs.List overflowX="auto" overflowY="hidden">
          {allViews.map((view) => (
            <Tabs.Trigger key={view.id} value={view.id} whiteSpace="nowrap" flexShrink="0">
              {view.name}
              {view.isSaved ? (
                // Not a button of its own inside the tab: « Supprimer la vue » beside the search is.
                <CloseButton
                  as="span"
                  size="2xs"
                  aria-hidden
                  title={`Supprimer la vue ${view.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    removeView(view.id);
                  }}
                />
              ) : null}
            </Tabs.Trigger>
          ))}
          {viewId === 'custom' ? (
            <Tabs.Trigger value="custom" whiteSpace="nowrap" flexShrink="0">
              Vue personnalisée
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value={viewId} p="0" display="flex" flexDirection="column" gap="5">
          {isPhone ? (
            <HStack gap="2">
              {searchField}
              <FilterSheet
                activeCount={activeFilterCount(filters)}
                onClear={clearFilters}
                footer={(close) => (
                  <HStack gap="2">
                    <Button
                      variant="outline"
                      flex="1"
                      onClick={() => {
                        close();
                        setSaveOpen(true);
                      }}
                    >
                      Enregistrer la vue
                    </Button>
                    {deleteViewButton}
                  </HStack>
                )}
              >
                <OrderFilters filters={filters} onChange={changeFilters} agents={agents.data} />
              </FilterSheet>
            </HStack>
          ) : (
            <>
              <Grid columns={{ base: 1, md: 3 }} gap="3">
                {searchField}
                <HStack gap="2">
                  <Button size="sm" variant="outline" flex="1" onClick={() => setSaveOpen(true)}>
                    Enregistrer la vue
                  </Button>
                  {deleteViewButton}
                </HStack>
              </Grid>
              <OrderFilters filters={filters} onChange={changeFilters} agents={agents.data} />
            </>
          )}

          <DrillDownChips
            filters={filters}
            label={DRILL_DOWN_KEYS.some((key) => linkedFilters?.[key]) ? linkedLabel : null}
            onRemove={removeDrillDown}
          />

          {selected.size > 0 ? (
            <OrderBulkBar
              shopId={shop._id}
              selected={[...selected]}
              canManage={can(role, 'orders:manage')}
              onDone={clearSelection}
            />
          ) : null}

          <ResponsiveList
            testId="orders-list"
            columns={ORDER_COLUMNS}
            interactive
            header={
              <>
                <Table.ColumnHeader w="10">
                  <VisuallyHidden>Sélection</VisuallyHidden>
                </Table.ColumnHeader>
                <Table.ColumnHeader>Commande</Table.ColumnHeader>
                <Table.ColumnHeader>Client</Table.ColumnHeader>
                <Table.ColumnHeader display={{ base: 'none', lg: 'table-cell' }}>Canal</Table.ColumnHeader>
                <Table.ColumnHeader>Statut</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
              </>
            }
          >
            {pages.map((after, index) => (
              <OrderPage
                key={`${filterKey}-${after ?? 'first'}`}
                args={after ? { shopId: shop._id, filters: effective, after } : firstPageArgs}
                currency={shop.currency}
                timeZone={shop.timeZone}
                selected={selected}
                onToggle={toggle}
                onMore={index === pages.length - 1 ? (c) => setCursors((list) => [...list, c]) : undefined}
                empty={isUnfiltered ? <NoOrdersYet shopId={shop._id} role={role} /> : undefined}
              />
            ))}
          </ResponsiveList>
          <SaveViewDialog
            shopId={shop._id}
            filters={effective}
            isOpen={isSaveOpen}
            onClose={() => setSaveOpen(false)}
            onSaved={(id, saved) => {
              setViewId(id);
              setFilters(saved);
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** /mes-commandes: every order from every channel (a cashier sees their own sales). */
export function OrdersScreen() {
  return (
    <AppShell capability="orders:view" quotaPage="orders">
      {({ shop, role }) => (shop ? <Orders shop={shop} role={role} /> : null)}
    </AppShell>
  );
}
