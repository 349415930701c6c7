import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { useEffect, useMemo, useState } from 'react';
import type { TOrderSummary } from '@/features/order/order.dto-schemas';
import { frenchTypography as fr } from '@/shared/typography';
import { useListPosOrdersQuery } from '../pos.api';
import { EMPTY_CART, type Cart } from '../cart/cart-state';
import { metaKey, readMeta, writeMeta } from '../offline/db';
import { listLocalSales } from '../offline/sales';
import type { LocalSale } from '../offline/types';
import { dayKey, formatDateTime } from '@/shared/dates';
import { localLabelOf } from '../till/format';
import { useTill } from '../till/TillProvider';
import { SaleDetailDialog } from './SaleDetailDialog';

const PAGE = 30;

function statusBadge(sale: LocalSale) {
  if (sale.status === 'rejected') return <Badge colorPalette="red">Refusée</Badge>;
  if (sale.status === 'pending') return <Badge colorPalette="orange">Non synchronisée</Badge>;
  return sale.hasStockConflict ? (
    <Badge colorPalette="purple">Conflit de stock</Badge>
  ) : (
    <Badge colorPalette="green">Synchronisée</Badge>
  );
}

function dayLabel(key: string, todayKey: string): string {
  if (key === todayKey) return 'Aujourd’hui';
  const [y, m, d] = key.split('-');
  return `${d}-${m}-${y}`;
}

/** Server sales this tablet did not make (other tills, before this tablet), page by page. */
function ServerSales(props: { known: Set<string>; onOpen: (orderId: string) => void }) {
  const { shopId, money, context, syncState } = useTill();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return (
    <Stack gap="1" bg="bg" p="4" rounded="lg" borderWidth="1px">
      <Heading as="h2" size="md">
        Ventes au comptoir enregistrées sur le serveur
      </Heading>
      {!syncState.isOnline ? <Text color="fg.muted">Disponibles avec le réseau.</Text> : null}
      {syncState.isOnline
        ? cursors.map((after, i) => (
            <ServerPage
              key={after ?? 'first'}
              after={after}
              shopId={shopId}
              known={props.known}
              onOpen={props.onOpen}
              money={money}
              timeZone={context.shop.timeZone}
              onNext={i === cursors.length - 1 ? (next) => setCursors((c) => [...c, next]) : undefined}
            />
          ))
        : null}
    </Stack>
  );
}

function ServerPage(props: {
  after?: string;
  shopId: string;
  known: Set<string>;
  onOpen: (orderId: string) => void;
  money: (n: number) => string;
  timeZone: string;
  onNext?: (cursor: string) => void;
}) {
  const { data, error } = useListPosOrdersQuery({ shopId: props.shopId, after: props.after });
  if (error) return <Text color="fg.muted">Liste indisponible pour le moment.</Text>;
  if (!data) return <Text color="fg.muted">Chargement…</Text>;
  const items = data.items.filter((o: TOrderSummary) => !props.known.has(o.id));
  return (
    <>
      {!props.after && items.length === 0 ? (
        <Text color="fg.muted">Aucune autre vente au comptoir pour le moment.</Text>
      ) : null}
      {items.map((o) => (
        <Button
          key={o.id}
          variant="ghost"
          justifyContent="space-between"
          h="auto"
          py="2"
          onClick={() => props.onOpen(o.id)}
          data-testid="server-sale"
        >
          <Stack gap="0" align="flex-start" minW="0" flex="1">
            <Text fontWeight="medium">Commande n° {o.number}</Text>
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(o.createdAt, props.timeZone)}
              {o.clientName ? ` · ${o.clientName}` : ''}
            </Text>
          </Stack>
          <Text fontWeight="semibold">{props.money(o.total)}</Text>
        </Button>
      ))}
      {data.nextCursor && props.onNext ? (
        <Button variant="outline" alignSelf="center" onClick={() => props.onNext!(data.nextCursor!)}>
          Ventes plus anciennes
        </Button>
      ) : null}
    </>
  );
}

/** The till's sales, today's first, to reprint a receipt, send it, or refund. */
export function HistoryScreen() {
  const router = useRouter();
  const { shopId, money, context, salesVersion, till } = useTill();
  const [limit, setLimit] = useState(PAGE);
  const [sales, setSales] = useState<LocalSale[]>([]);
  const [open, setOpen] = useState<{ local: LocalSale | null; orderId: string | null } | null>(null);
  const tz = context.shop.timeZone;

  useEffect(() => {
    void listLocalSales(shopId, limit).then(setSales);
  }, [shopId, limit, salesVersion]);

  const groups = useMemo(() => {
    const byDay = new Map<string, LocalSale[]>();
    for (const sale of sales) {
      const key = dayKey(sale.at, tz);
      byDay.set(key, [...(byDay.get(key) ?? []), sale]);
    }
    return [...byDay.entries()];
  }, [sales, tz]);
  const known = useMemo(() => new Set(sales.map((s) => s.orderId).filter(Boolean) as string[]), [sales]);
  const todayKey = dayKey(new Date().toISOString(), tz);

  async function startExchange(client: LocalSale['client']) {
    if (till && client) {
      const key = metaKey.cart(shopId, till.id);
      const current = (await readMeta<Cart>(key)) ?? EMPTY_CART;
      if (current.lines.length === 0) await writeMeta(key, { ...current, client });
    }
    const query = { ...router.query };
    delete query.vue;
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  }

  return (
    <Box maxW="3xl" mx="auto" w="full" px="4" py="6">
      <Stack gap="5">
        <Heading as="h1" size="xl">
          Ventes de la caisse
        </Heading>
        {groups.length === 0 ? (
          <Text color="fg.muted">Aucune vente sur cette tablette pour le moment.</Text>
        ) : null}
        {groups.map(([key, daySales]) => (
          <Stack key={key} gap="1" bg="bg" p="4" rounded="lg" borderWidth="1px">
            <HStack justify="space-between">
              <Heading as="h2" size="md">
                {dayLabel(key, todayKey)}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {fr(
                  `${daySales.length} vente${daySales.length > 1 ? 's' : ''} : ${money(daySales.filter((s) => s.status !== 'rejected').reduce((sum, s) => sum + s.total, 0))}`,
                )}
              </Text>
            </HStack>
            {daySales.map((sale) => (
              <Button
                key={sale.opId}
                variant="ghost"
                justifyContent="space-between"
                h="auto"
                py="2"
                onClick={() => setOpen({ local: sale, orderId: sale.orderId })}
                data-testid="history-sale"
              >
                <Stack gap="0" align="flex-start" minW="0" flex="1">
                  <Text fontWeight="medium">
                    {sale.orderNumber ? `Commande n° ${sale.orderNumber}` : localLabelOf(sale)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {formatDateTime(sale.at, tz)} · {sale.tillName}
                    {sale.client ? ` · ${sale.client.name}` : ''}
                  </Text>
                </Stack>
                {/* On a phone the badges go above the total, so neither covers the sale's details. */}
                <Stack
                  direction={{ base: 'column', md: 'row' }}
                  align={{ base: 'flex-end', md: 'center' }}
                  gap="1"
                  flexShrink={0}
                >
                  <HStack gap="1">
                    {statusBadge(sale)}
                    {sale.refunds.length ? <Badge>Remboursée</Badge> : null}
                  </HStack>
                  <Text fontWeight="semibold">{money(sale.total)}</Text>
                </Stack>
              </Button>
            ))}
          </Stack>
        ))}
        {sales.length >= limit ? (
          <Button variant="outline" alignSelf="center" onClick={() => setLimit((n) => n + PAGE)}>
            Ventes plus anciennes
          </Button>
        ) : null}
        <ServerSales known={known} onOpen={(orderId) => setOpen({ local: null, orderId })} />
      </Stack>
      {open ? (
        <SaleDetailDialog
          localSale={open.local}
          orderId={open.orderId}
          onClose={() => setOpen(null)}
          onExchange={(client) => void startExchange(client)}
        />
      ) : null}
    </Box>
  );
}
