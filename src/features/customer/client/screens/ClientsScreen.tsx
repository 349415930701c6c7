import {
  Button,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Stack,
  Text,
  VisuallyHidden,
} from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { LuSearch, LuUpload, LuUsers } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { CsvExportMenu } from '@/client/components/CsvExportMenu';
import { EmptyListState } from '@/client/components/EmptyListState';
import { FilterSheet } from '@/client/components/FilterSheet';
import { ResponsiveList } from '@/client/components/ResponsiveList';
import { useIsPhone } from '@/client/hooks/use-is-phone';
import { useDebounced } from '@/client/hooks/use-debounced';
import { toaster } from '@/client/shell/toaster';
import { downloadFromApi } from '@/client/api/download';
import type { Shop } from '@/features/shop/client/shop.api';
import { withShopId } from '@/shared/navigation';
import { CLIENT_SORTS, CLIENT_SORT_LABELS, type ClientSort } from '../../customer.constants';
import {
  activeFilterCount,
  clientListParams,
  filtersFromQuery,
  filtersToQuery,
  listShown,
  type ClientFilters as Filters,
} from '../client-filters';
import { useCountClientsQuery } from '../customer.api';
import { CLIENT_COLUMNS, ClientPage } from '../components/ClientRows';
import { ClientFilters } from '../components/ClientFilters';
import { ClientBulkBar } from '../components/ClientBulkBar';
import { formatCount } from '@/shared/numbers';

function CountLine({ shopId, filters }: { shopId: string; filters: Filters }) {
  const { data } = useCountClientsQuery({ shopId, filters });
  if (!data) return <Text fontSize="sm">&nbsp;</Text>;
  const n = formatCount(data.count);
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="clients-count">
      {data.isCapped
        ? `Plus de ${n} clients`
        : data.count === 0
          ? 'Aucun client'
          : `${n} client${data.count > 1 ? 's' : ''}`}
    </Text>
  );
}

function SortSelect({
  value,
  onChange,
  isPhone,
}: {
  value: ClientSort;
  onChange: (s: ClientSort) => void;
  isPhone: boolean;
}) {
  return (
    <NativeSelect.Root size={isPhone ? 'md' : 'sm'} width={{ base: 'full', md: 'auto' }}>
      <NativeSelect.Field
        aria-label="Trier par"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as ClientSort)}
      >
        {CLIENT_SORTS.map((s) => (
          <option key={s} value={s}>
            Trier par : {CLIENT_SORT_LABELS[s].toLocaleLowerCase('fr')}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Clients({ shop }: { shop: Shop }) {
  const isPhone = useIsPhone();
  const router = useRouter();
  // The filter lives in the address bar: back from a client's page, the list is as it was left.
  const [filters, setFilters] = useState<Filters>(() => filtersFromQuery(router.query));
  const [searchInput, setSearchInput] = useState(filters.search ?? '');
  const isRead = useRef(router.isReady);
  useEffect(() => {
    if (isRead.current || !router.isReady) return;
    isRead.current = true;
    const fromQuery = filtersFromQuery(router.query);
    setFilters(fromQuery);
    setSearchInput(fromQuery.search ?? '');
  }, [router.isReady, router.query]);

  const search = useDebounced(searchInput.trim(), 250);
  const typed = useDebounced(filters, 250);
  const effective: Filters = { ...typed, search: search || undefined };
  const filterKey = JSON.stringify(filtersToQuery(effective));
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => {
    setCursors([]);
    setSelected(new Set());
    if (!isRead.current) return;
    listShown(effective);
    void router.replace(
      { pathname: router.pathname, query: { shopId: shop._id, ...filtersToQuery(effective) } },
      undefined,
      { shallow: true, scroll: false },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function exportCsv(separator: 'semicolon' | 'comma') {
    try {
      await downloadFromApi(
        '/api/client/exportCsv',
        { ...clientListParams(shop._id, effective), separator },
        'clients.csv',
      );
    } catch {
      toaster.create({ title: 'L’export a échoué. Réessayez.', type: 'error', duration: 3500 });
    }
  }

  const changeFilters = (next: Filters) => setFilters({ ...next, sort: filters.sort });
  const clearFilters = () => setFilters({ sort: filters.sort });
  const isUnfiltered = activeFilterCount(effective) === 0 && !effective.search;
  const pages = [undefined, ...cursors];
  const empty = isUnfiltered ? (
    <EmptyListState
      testId="no-clients-yet"
      icon={<LuUsers />}
      title="Aucun client pour le moment"
      description="Vos clients apparaissent ici dès leur première commande : au point de vente, sur le site, par WhatsApp ou en commande manuelle."
    />
  ) : (
    <Text color="fg.muted" py="6" textAlign="center">
      Aucun client ne correspond à ces critères.
    </Text>
  );
  const searchField = (
    <InputGroup startElement={<LuSearch />} flex="1" minW="0">
      <Input
        size={isPhone ? 'md' : 'sm'}
        placeholder={isPhone ? 'Nom, téléphone, e-mail' : 'Nom, téléphone (77 123 45 67) ou e-mail'}
        aria-label="Rechercher un client"
        value={searchInput}
        onChange={(e) => setSearchInput(e.currentTarget.value)}
      />
    </InputGroup>
  );
  const sort = (
    <SortSelect
      value={filters.sort ?? 'lastOrder'}
      onChange={(s) => setFilters({ ...filters, sort: s === 'lastOrder' ? undefined : s })}
      isPhone={isPhone}
    />
  );

  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            Clients
          </Heading>
          <CountLine shopId={shop._id} filters={effective} />
        </Stack>
        <HStack gap="2">
          <Button asChild size="sm" variant="outline">
            <PageLink href={withShopId('/mes-clients/importer', shop._id)}>
              <LuUpload /> Importer
            </PageLink>
          </Button>
          <CsvExportMenu onExport={(separator) => void exportCsv(separator)} />
        </HStack>
      </HStack>

      {isPhone ? (
        <Stack gap="2">
          <HStack gap="2">
            {searchField}
            <FilterSheet activeCount={activeFilterCount(filters)} onClear={clearFilters}>
              <ClientFilters filters={filters} onChange={changeFilters} currency={shop.currency} />
            </FilterSheet>
          </HStack>
          {sort}
        </Stack>
      ) : (
        <Stack gap="3">
          <HStack gap="3">
            {searchField}
            {sort}
            {activeFilterCount(filters) ? (
              <Button size="sm" variant="ghost" onClick={clearFilters}>
                Effacer les filtres
              </Button>
            ) : null}
          </HStack>
          <ClientFilters filters={filters} onChange={changeFilters} currency={shop.currency} />
        </Stack>
      )}

      {selected.size > 0 ? (
        <ClientBulkBar shopId={shop._id} selected={[...selected]} onDone={() => setSelected(new Set())} />
      ) : null}

      <ResponsiveList
        testId="clients-list"
        columns={CLIENT_COLUMNS}
        interactive
        cardsWhenTooWide
        header={
          <>
            <Table.ColumnHeader w="10">
              <VisuallyHidden>Sélection</VisuallyHidden>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Nom</Table.ColumnHeader>
            <Table.ColumnHeader>Téléphone</Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', xl: 'table-cell' }}>Commune</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Commandes</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total dépensé</Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', xl: 'table-cell' }}>
              Dernière commande
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Ardoise</Table.ColumnHeader>
          </>
        }
      >
        {pages.map((after, index) => (
          <ClientPage
            key={`${filterKey}-${after ?? 'first'}`}
            args={{ shopId: shop._id, filters: effective, after }}
            currency={shop.currency}
            timeZone={shop.timeZone}
            selected={selected}
            onToggle={toggle}
            onMore={index === pages.length - 1 ? (c) => setCursors((list) => [...list, c]) : undefined}
            empty={empty}
          />
        ))}
      </ResponsiveList>
    </Stack>
  );
}

/** /mes-clients: every client of every channel, found by name, phone or e-mail. */
export function ClientsScreen() {
  return (
    <AppShell capability="clients:manage">{({ shop }) => (shop ? <Clients shop={shop} /> : null)}</AppShell>
  );
}
