import { Chart, useChart } from '@chakra-ui/charts';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/shared/money';
import type { StatsReport } from '../../stats.schemas';
import { compactMoney } from '../stats-view';

/** The net sales over the period, the compared period as a faint dashed line (a phone's width too). */
export function NetSalesChart({ report }: { report: StatsReport }) {
  const currency = report.currency;
  const series = report.series ?? [];
  const previous = report.previousSeries;
  const data = series.map((p, i) => ({ label: p.label, net: p.net, previous: previous?.[i]?.net ?? null }));
  const chart = useChart({
    data,
    series: [
      { name: 'net', color: 'brand.solid', label: 'Ventes nettes' },
      ...(previous
        ? [
            {
              name: 'previous' as const,
              color: 'gray.400',
              label: 'Période comparée',
              strokeDasharray: '4 3',
            },
          ]
        : []),
    ],
  });
  return (
    <Chart.Root chart={chart} h={{ base: '56', md: '72' }} aria-hidden>
      {/* Hidden from assistive technologies (a picture of what the figures and reports say in words): not focusable either. */}
      <AreaChart
        responsive
        accessibilityLayer={false}
        data={chart.data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key('label')}
          axisLine={false}
          tickLine={false}
          minTickGap={16}
          interval="preserveStartEnd"
          tick={{ fontSize: 11 }}
        />
        <YAxis
          axisLine={false}
          tickLine={false}
          width={44}
          tick={{ fontSize: 11 }}
          tickFormatter={(v: number) => compactMoney(v, currency)}
        />
        <Tooltip
          cursor={{ stroke: chart.color('border') }}
          isAnimationActive={false}
          content={<Chart.Tooltip formatter={(value: number) => formatMoney(value, currency)} />}
        />
        {chart.series.map((item) => (
          <Area
            key={item.name}
            type="monotone"
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={String(item.label)}
            stroke={chart.color(item.color)}
            strokeWidth={item.name === 'net' ? 2 : 1.5}
            strokeDasharray={item.strokeDasharray}
            strokeOpacity={item.name === 'net' ? 1 : 0.6}
            fill={chart.color(item.color)}
            fillOpacity={item.name === 'net' ? 0.2 : 0}
            connectNulls
          />
        ))}
      </AreaChart>
    </Chart.Root>
  );
}
