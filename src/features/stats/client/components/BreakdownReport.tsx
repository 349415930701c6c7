import { HStack, Link, SimpleGrid, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import type { ReactNode } from 'react';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { formatMoney } from '@/shared/money';
import type { StatsReport, StatsReportName, StatsRow } from '../../stats.schemas';
import { drillDown } from '../stats-view';
import { Change } from './Change';
import { FigureCard } from './OverviewReport';
import { formatCount, formatNumber } from '@/shared/numbers';

/** The figures above a report's rows: the margin, the stock's value, the money. */
function Summary({ report }: { report: StatsReport }) {
  const m = (n: number) => formatMoney(n, report.currency);
  const cards: Array<[string, string]> = [];
  if (report.report === 'margin' && report.margin) {
    const { costedNet, cost, margin, uncostedNet } = report.margin;
    cards.push(['Marge brute', m(margin)], ['Coût des ventes', m(cost)]);
    cards.push([
      'Taux de marge',
      costedNet > 0 ? `${formatNumber((margin / costedNet) * 100, { maxFractionDigits: 1 })}\u202f%` : '—',
    ]);
    cards.push(['Ventes sans prix de revient', m(uncostedNet)]);
  }
  if (report.report === 'stock' && report.stock) {
    const s = report.stock;
    cards.push(['Valeur au prix de revient', m(s.atCost)], ['Valeur au prix de vente', m(s.atPrice)]);
    cards.push(['En rupture', formatCount(s.out)], ['Stock bas', formatCount(s.low)]);
    cards.push(['Rien vendu sur la période', formatCount(s.idle)]);
    if (s.unitsWithoutCost) cards.push(['Unités sans prix de revient', formatCount(s.unitsWithoutCost)]);
  }
  if (report.report === 'treasury') {
    cards.push(['Vendu', m(report.totals.total)], ['Encaissé', m(report.totals.collected)]);
    cards.push(['Reste à encaisser', m(report.totals.due)]);
    if (report.owedByClients !== undefined)
      cards.push(['Ardoises des clients (aujourd’hui)', m(report.owedByClients)]);
    if (report.heldByRiders !== undefined)
      cards.push(['Chez les livreurs (aujourd’hui)', m(report.heldByRiders)]);
  }
  if (!cards.length) return null;
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 4 }} gap="3" data-testid="stats-summary">
      {cards.map(([label, value]) => (
        <FigureCard key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
}

interface Column {
  header: string;
  /** Shown big on a card, beside the row's name. */
  isMain?: boolean;
  render: (row: StatsRow, currency: string) => ReactNode;
}

const money = (value: number | null | undefined, currency: string) =>
  value === null || value === undefined ? (
    <Text as="span" color="fg.muted">
      —
    </Text>
  ) : (
    formatMoney(value, currency)
  );

const count = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));

const STOCK_FLAGS: Record<NonNullable<StatsRow['flag']>, string> = {
  out: 'Rupture',
  low: 'Stock bas',
  idle: 'Rien vendu',
};

const net: Column = { header: 'Ventes nettes', isMain: true, render: (r, c) => money(r.figures.net, c) };
const change: Column = {
  header: 'Évolution',
  render: (r) => (r.previous ? <Change now={r.figures.net} before={r.previous.net} size="xs" /> : null),
};

/** The columns of each breakdown; the payments give money received, not sales. */
export function columnsOf(report: StatsReportName, hasComparison: boolean): Column[] {
  switch (report) {
    case 'channels':
    case 'agents':
      return [
        { header: 'Commandes', render: (r) => count(r.figures.orders) },
        net,
        { header: 'Panier moyen', render: (r, c) => money(r.figures.averageBasket, c) },
        ...(hasComparison ? [change] : []),
      ];
    case 'payments':
      return [
        {
          // « À crédit » gives what is still owed, in the same column.
          header: 'Montant',
          isMain: true,
          render: (r, c) => money(r.figures.collected ?? r.figures.due, c),
        },
        { header: 'Remboursé', render: (r, c) => money(r.figures.refunds, c) },
      ];
    case 'treasury':
      return [
        {
          header: 'Montant',
          isMain: true,
          render: (r, c) => money(r.figures.collected ?? r.figures.due, c),
        },
        { header: 'Remboursé', render: (r, c) => money(r.figures.refunds, c) },
      ];
    case 'discounts':
      return [
        { header: 'Utilisations', render: (r) => count(r.uses) },
        {
          header: 'Montant',
          isMain: true,
          // A free delivery lowers the delivery fee: it is not in the discounts' sum.
          render: (r, c) =>
            r.figures.discounts === undefined ? 'Livraison offerte' : money(r.figures.discounts, c),
        },
      ];
    case 'clients':
      return [{ header: 'Commandes', render: (r) => count(r.figures.orders) }, net];
    case 'communes':
      return [
        { header: 'Commandes', render: (r) => count(r.figures.orders) },
        net,
        { header: 'Frais de livraison', render: (r, c) => money(r.figures.delivery, c) },
      ];
    case 'stock':
      return [
        { header: 'État', isMain: true, render: (r) => (r.flag ? STOCK_FLAGS[r.flag] : '') },
        { header: 'Stock', render: (r) => count(r.stock) },
        { header: 'Valeur au prix de revient', render: (r, c) => money(r.valueAtCost, c) },
        { header: 'Valeur au prix de vente', render: (r, c) => money(r.valueAtPrice, c) },
      ];
    case 'products':
    case 'variants':
    case 'categories':
    case 'margin':
      return [
        {
          header: 'Quantité',
          render: (r) =>
            r.refundedQuantity
              ? `${count(r.quantity)} (${formatCount(r.refundedQuantity)} rendu${r.refundedQuantity > 1 ? 's' : ''})`
              : count(r.quantity),
        },
        net,
        { header: 'Prix de revient', render: (r, c) => money(r.cost, c) },
        { header: 'Marge', render: (r, c) => money(r.margin, c) },
      ];
    default:
      return [net];
  }
}

/** The row's name, a link to the orders behind it when Commandes can filter by it. */
function RowLabel({ row, href }: { row: StatsRow; href: string | null }) {
  if (!href) return <>{row.label}</>;
  return (
    <Link asChild color="fg" textDecoration="underline" textUnderlineOffset="3px">
      <PageLink href={href}>{row.label}</PageLink>
    </Link>
  );
}

function Row({
  row,
  columns,
  currency,
  href,
}: {
  row: StatsRow;
  columns: Column[];
  currency: string;
  href: string | null;
}) {
  const { layout } = useListLayout();
  if (layout === 'table')
    return (
      <Table.Row data-testid="stats-row">
        <Table.Cell whiteSpace="normal" fontWeight="medium">
          <RowLabel row={row} href={href} />
        </Table.Cell>
        {columns.map((column) => (
          <Table.Cell key={column.header} textAlign="end" whiteSpace="nowrap">
            {column.render(row, currency)}
          </Table.Cell>
        ))}
      </Table.Row>
    );
  const main = columns.find((c) => c.isMain);
  return (
    <ListCard data-testid="stats-row">
      <HStack justify="space-between" align="start" gap="3">
        <Text fontWeight="semibold" minW="0" overflowWrap="anywhere">
          <RowLabel row={row} href={href} />
        </Text>
        {main ? (
          <Text fontWeight="semibold" whiteSpace="nowrap">
            {main.render(row, currency)}
          </Text>
        ) : null}
      </HStack>
      <Stack as="dl" gap="0.5" mt="1" fontSize="sm">
        {columns
          .filter((c) => c !== main)
          .map((column) => {
            const value = column.render(row, currency);
            if (value === null) return null;
            return (
              <HStack key={column.header} justify="space-between" gap="3">
                <Text as="dt" color="fg.muted">
                  {column.header}
                </Text>
                <Text as="dd" textAlign="end">
                  {value}
                </Text>
              </HStack>
            );
          })}
      </Stack>
    </ListCard>
  );
}

/** What the first column names. */
const NAME_HEADERS: Partial<Record<StatsReportName, string>> = {
  payments: 'Moyen',
  variants: 'Variante',
  communes: 'Commune',
};

/**
 * A breakdown (by channel, agent, payment method, product, variant, category, client, commune):
 * a table, or cards on a phone.
 */
export function BreakdownReport({ report, shopId }: { report: StatsReport; shopId: string }) {
  const rows = report.rows ?? [];
  const columns = columnsOf(report.report, !!report.comparison);
  const isProducts = ['products', 'variants', 'categories', 'margin'].includes(report.report);
  const hasUncosted = isProducts && rows.some((r) => r.margin === null || r.margin === undefined);
  return (
    <Stack gap="2">
      <Summary report={report} />
      <ResponsiveList
        testId="stats-rows"
        columns={columns.length + 1}
        cardsWhenTooWide
        header={
          <>
            <Table.ColumnHeader>{NAME_HEADERS[report.report] ?? 'Nom'}</Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} textAlign="end">
                {column.header}
              </Table.ColumnHeader>
            ))}
          </>
        }
      >
        {rows.length ? (
          rows.map((row) => (
            <Row
              key={row.key}
              row={row}
              columns={columns}
              currency={report.currency}
              href={drillDown(report, row, shopId)}
            />
          ))
        ) : (
          <ListMessage>
            <Text color="fg.muted" py="2" textAlign="center">
              {report.report === 'stock'
                ? 'Aucun produit en rupture, en stock bas ou sans vente sur cette période.'
                : report.report === 'discounts'
                  ? 'Aucune réduction sur cette période.'
                  : 'Aucune vente sur cette période.'}
            </Text>
          </ListMessage>
        )}
      </ResponsiveList>
      {hasUncosted ? (
        <Text fontSize="sm" color="fg.muted">
          « — » : Sans prix de revient : marge non calculée.
        </Text>
      ) : null}
      {report.otherRows ? (
        <Text fontSize="sm" color="fg.muted">
          Les {formatCount(report.otherRows)} dernières lignes sont additionnées dans « Autres ».
        </Text>
      ) : null}
    </Stack>
  );
}
