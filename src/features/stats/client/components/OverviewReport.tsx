import { Box, Heading, Link, Skeleton, SimpleGrid, Stack, Text, VisuallyHidden } from '@/client/ui';
import { Table } from '@/client/ui/table';
import dynamic from 'next/dynamic';
import { PageLink } from '@/client/components/PageLink';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { formatMoney } from '@/shared/money';
import type { StatsFigures, StatsReport } from '../../stats.schemas';
import { overviewDrillDown } from '../stats-view';
import { formatCount } from '@/shared/numbers';
import { Change } from './Change';

// The chart's library (recharts), and Chakra whose charts read its theme, load with the chart only,
// after the figures.
const NetSalesChart = dynamic(
  () => loadInChakraIsland(import('./NetSalesChart').then((m) => m.NetSalesChart)),
  {
    ssr: false,
    loading: () => <Skeleton h={{ base: '56', md: '72' }} rounded="md" />,
  },
);

interface Figure {
  key: keyof StatsFigures;
  label: string;
  isMoney: boolean;
  isUpBad?: boolean;
}

const FIGURES: Figure[] = [
  { key: 'gross', label: 'Ventes brutes', isMoney: true },
  { key: 'discounts', label: 'Réductions', isMoney: true, isUpBad: true },
  { key: 'refunds', label: 'Remboursements', isMoney: true, isUpBad: true },
  { key: 'net', label: 'Ventes nettes', isMoney: true },
  { key: 'delivery', label: 'Frais de livraison', isMoney: true },
  { key: 'collected', label: 'Encaissé', isMoney: true },
  { key: 'due', label: 'Reste à encaisser', isMoney: true, isUpBad: true },
  { key: 'orders', label: 'Commandes', isMoney: false },
  { key: 'averageBasket', label: 'Panier moyen', isMoney: false },
  { key: 'items', label: 'Articles vendus', isMoney: false },
];

export function FigureCard({
  label,
  value,
  change,
  testId,
  href,
}: {
  label: string;
  value: string;
  change?: React.ReactNode;
  testId?: string;
  /** The orders behind the figure (Commandes, filtered). */
  href?: string;
}) {
  return (
    <Stack
      gap="1"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p={{ base: '3', md: '4' }}
      minW="0"
      data-testid={testId}
    >
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text
        fontSize={{ base: 'lg', md: '2xl' }}
        fontWeight="semibold"
        lineHeight="short"
        overflowWrap="anywhere"
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </Text>
      {change ?? null}
      {href ? (
        <Link asChild fontSize="sm" color="fg.muted" textDecoration="underline" textUnderlineOffset="3px">
          <PageLink href={href} aria-label={`Voir les commandes : ${label}`}>
            Voir les commandes
          </PageLink>
        </Link>
      ) : null}
    </Stack>
  );
}

/** The same figures as the chart, for a screen reader. */
function SeriesTable({ report }: { report: StatsReport }) {
  const previous = report.previousSeries;
  return (
    <VisuallyHidden>
      <Table.Root>
        <Table.Caption>Ventes nettes sur la période</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Ventes nettes</Table.ColumnHeader>
            <Table.ColumnHeader>Commandes</Table.ColumnHeader>
            {previous ? <Table.ColumnHeader>Période comparée</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(report.series ?? []).map((p, i) => (
            <Table.Row key={p.at}>
              <Table.Cell>{p.label}</Table.Cell>
              <Table.Cell>{formatMoney(p.net, report.currency)}</Table.Cell>
              <Table.Cell>{formatCount(p.orders)}</Table.Cell>
              {previous ? (
                <Table.Cell>{previous[i] ? formatMoney(previous[i].net, report.currency) : '—'}</Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </VisuallyHidden>
  );
}

/** « Vue d’ensemble »: the period's figures, each against the compared period, and the net sales over time. */
export function OverviewReport({ report, shopId }: { report: StatsReport; shopId: string }) {
  const { totals, previousTotals, currency } = report;
  const format = (figure: Figure, value: number) =>
    figure.isMoney || figure.key === 'averageBasket' ? formatMoney(value, currency) : formatCount(value);
  return (
    <Stack gap="5">
      <SimpleGrid
        columns={{ base: 2, md: 3, xl: 4 }}
        gap={{ base: '2', md: '3' }}
        data-testid="stats-figures"
      >
        {FIGURES.map((figure) => (
          <FigureCard
            key={figure.key}
            testId={`figure-${figure.key}`}
            label={figure.label}
            value={format(figure, totals[figure.key])}
            href={overviewDrillDown(report, figure.key, shopId)}
            change={
              <Change
                now={totals[figure.key]}
                before={previousTotals?.[figure.key]}
                isUpBad={figure.isUpBad}
              />
            }
          />
        ))}
        {report.clients ? (
          <FigureCard
            testId="figure-clients"
            label="Nouveaux clients / Clients fidèles"
            value={`${formatCount(report.clients.new)} / ${formatCount(report.clients.returning)}`}
          />
        ) : null}
      </SimpleGrid>
      <Box borderWidth="1px" rounded="lg" bg="bg" p={{ base: '3', md: '4' }} minW="0">
        <Heading as="h2" size="md" mb="1">
          Ventes nettes
        </Heading>
        {report.previousSeries ? (
          <Text fontSize="sm" color="fg.muted" mb="3">
            En pointillés : la période comparée.
          </Text>
        ) : null}
        <NetSalesChart report={report} />
        <SeriesTable report={report} />
      </Box>
    </Stack>
  );
}
