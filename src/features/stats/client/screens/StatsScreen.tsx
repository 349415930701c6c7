import {
  Alert,
  Box,
  Button,
  HStack,
  Field,
  Heading,
  NativeSelect,
  Skeleton,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@/client/ui';
import { useRouter } from 'next/router';
import { useMemo } from 'react';
import { LuDownload, LuPrinter } from 'react-icons/lu';
import { downloadFromApi } from '@/client/api/download';
import { toaster } from '@/client/shell/toaster';
import { AppShell } from '@/client/shell/AppShell';
import { useIsPhone } from '@/client/hooks/use-is-phone';
import type { Shop } from '@/features/shop/client/shop.api';
import { STATS_REPORT_LABELS, type StatsReportName } from '../../stats.constants';
import { zonedDayHour } from '../../zoned-time';
import { useGetStatsReportQuery } from '../stats.api';
import {
  periodOfView,
  periodText,
  reportsFor,
  STATS_COMPARISON_LABELS,
  viewFromQuery,
  viewToQuery,
  type StatsView,
} from '../stats-view';
import { PeriodBar } from '../components/PeriodBar';
import { OverviewReport } from '../components/OverviewReport';
import { BreakdownReport } from '../components/BreakdownReport';

function ReportBody({ shop, view, from, to }: { shop: Shop; view: StatsView; from: string; to: string }) {
  const { data, error, isLoading, isFetching } = useGetStatsReportQuery({
    shopId: shop._id,
    report: view.report,
    from,
    to,
    compare: view.compare,
  });
  if (isLoading)
    return (
      <SimpleGrid columns={{ base: 2, md: 3, xl: 4 }} gap="3" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h="24" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  if (error || !data)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          {error instanceof Error ? error.message : 'Le rapport n’a pas pu être chargé. Réessayez.'}
        </Alert.Title>
      </Alert.Root>
    );
  return (
    <Box opacity={isFetching ? 0.6 : 1} transition="opacity 0.2s" aria-busy={isFetching}>
      {data.report === 'overview' ? (
        <OverviewReport report={data} shopId={shop._id} />
      ) : (
        <BreakdownReport report={data} shopId={shop._id} />
      )}
    </Box>
  );
}

function Statistics({ shop, role }: { shop: Shop; role: string }) {
  const router = useRouter();
  const isPhone = useIsPhone();
  const reports = useMemo(() => reportsFor(role), [role]);
  // The view lives in the address bar: a link shows the same report, « Retour » the one before.
  const view = viewFromQuery(router.query, reports);
  const today = zonedDayHour(new Date(), shop.timeZone).day;
  const { period, error } = periodOfView(view, today);

  const change = (next: StatsView) =>
    void router.push(
      { pathname: router.pathname, query: { shopId: shop._id, ...viewToQuery(next) } },
      undefined,
      { shallow: true, scroll: false },
    );
  const chooseReport = (report: string) => change({ ...view, report: report as StatsReportName });
  const body = error ? null : <ReportBody shop={shop} view={view} from={period.from} to={period.to} />;

  async function exportCsv() {
    try {
      await downloadFromApi(
        '/api/stats/exportCsv',
        { shopId: shop._id, report: view.report, from: period.from, to: period.to, compare: view.compare },
        `statistiques-${view.report}.csv`,
      );
    } catch {
      toaster.create({ title: 'L’export a échoué. Réessayez.', type: 'error', duration: 3500 });
    }
  }

  return (
    <Stack gap="5" minW="0">
      <Stack gap="0">
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl">
            Statistiques
          </Heading>
          {/* Left out of the printed page, which is what a shop shares on WhatsApp as a PDF. */}
          <HStack gap="2" data-print-hide>
            <Button size="sm" variant="outline" onClick={() => void exportCsv()} disabled={!!error}>
              <LuDownload /> Exporter (CSV)
            </Button>
            <Button size="sm" variant="outline" onClick={() => window.print()} disabled={!!error}>
              <LuPrinter /> Imprimer ou PDF
            </Button>
          </HStack>
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="stats-period-text">
          {/* The printed page says whose figures and which report. */}
          <Box as="span" display="none" css={{ '@media print': { display: 'inline' } }}>
            {shop.name} · {STATS_REPORT_LABELS[view.report]} ·{' '}
          </Box>
          Ventes {periodText(period)}
          {view.compare === 'none'
            ? ''
            : `, comparées à : ${STATS_COMPARISON_LABELS[view.compare].toLocaleLowerCase('fr')}`}
        </Text>
      </Stack>
      <Box data-print-hide>
        <PeriodBar view={view} period={period} error={error} onChange={change} />
      </Box>
      {isPhone ? (
        <Stack gap="4">
          <Field.Root data-print-hide>
            <Field.Label fontSize="sm">Rapport</Field.Label>
            <NativeSelect.Root size="md">
              <NativeSelect.Field
                data-testid="stats-report"
                value={view.report}
                onChange={(e) => chooseReport(e.currentTarget.value)}
              >
                {reports.map((r) => (
                  <option key={r} value={r}>
                    {STATS_REPORT_LABELS[r]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {body}
        </Stack>
      ) : (
        <Tabs.Root value={view.report} onValueChange={(e) => chooseReport(e.value)} variant="line" size="sm">
          <Tabs.List flexWrap="wrap" data-print-hide>
            {reports.map((r) => (
              <Tabs.Trigger key={r} value={r}>
                {STATS_REPORT_LABELS[r]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {reports.map((r) => (
            <Tabs.Content key={r} value={r} pt="4">
              {r === view.report ? body : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Stack>
  );
}

/** /statistiques: what the shop sold over a period, against the period before or a year earlier. */
export function StatsScreen() {
  return (
    <AppShell capability="stats:view">
      {({ shop, role }) => (shop ? <Statistics shop={shop} role={role} /> : null)}
    </AppShell>
  );
}
