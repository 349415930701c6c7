import { Field, FieldTextInput, HStack, NativeSelect, Stack, Text } from '@/client/ui';
import { PERIOD_PRESETS, PERIOD_PRESET_LABELS, type Period, type PeriodPreset } from '../../periods';
import { STATS_COMPARISONS, type StatsComparison } from '../../stats.constants';
import { STATS_COMPARISON_LABELS, type StatsView } from '../stats-view';

interface PeriodBarProps {
  view: StatsView;
  /** The days shown now (a preset's, or the custom ones). */
  period: Period;
  error?: string;
  onChange: (view: StatsView) => void;
}

/** The period (a preset or two days) and what it is compared with. */
export function PeriodBar({ view, period, error, onChange }: PeriodBarProps) {
  const choosePreset = (preset: PeriodPreset) =>
    onChange(
      preset === 'custom'
        ? { ...view, preset, from: period.from, to: period.to }
        : { ...view, preset, from: undefined, to: undefined },
    );
  return (
    <Stack gap="2">
      <Stack
        direction={{ base: 'column', md: 'row' }}
        gap="3"
        align={{ base: 'stretch', md: 'end' }}
        flexWrap="wrap"
      >
        <Field.Root width={{ base: 'full', md: '56' }}>
          <Field.Label fontSize="sm">Période</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              data-testid="stats-period"
              value={view.preset}
              onChange={(e) => choosePreset(e.currentTarget.value as PeriodPreset)}
            >
              {PERIOD_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_PRESET_LABELS[p]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {view.preset === 'custom' ? (
          <HStack gap="2" align="end">
            <Field.Root flex="1" minW="0" invalid={!!error}>
              <Field.Label fontSize="sm">Du</Field.Label>
              <FieldTextInput
                size="sm"
                type="date"
                value={period.from}
                onChange={(e) => e.currentTarget.value && onChange({ ...view, from: e.currentTarget.value })}
              />
            </Field.Root>
            <Field.Root flex="1" minW="0" invalid={!!error}>
              <Field.Label fontSize="sm">Au</Field.Label>
              <FieldTextInput
                size="sm"
                type="date"
                value={period.to}
                onChange={(e) => e.currentTarget.value && onChange({ ...view, to: e.currentTarget.value })}
              />
            </Field.Root>
          </HStack>
        ) : null}
        <Field.Root width={{ base: 'full', md: '64' }}>
          <Field.Label fontSize="sm">Comparer avec</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              data-testid="stats-compare"
              value={view.compare}
              onChange={(e) => onChange({ ...view, compare: e.currentTarget.value as StatsComparison })}
            >
              {STATS_COMPARISONS.map((c) => (
                <option key={c} value={c}>
                  {STATS_COMPARISON_LABELS[c]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
