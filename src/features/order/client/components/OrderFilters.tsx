import { Grid, Input, InputGroup } from '@/client/ui';
import { css } from '../../../../../styled-system/css';
import { FilterSelect } from '@/client/components/FilterSelect';
import type { Agent } from '@/features/shop/client/shop.api';
import {
  CHANNEL_LABELS,
  FULFILMENT_LABELS,
  FULFILMENT_STATUSES,
  ORDER_CHANNELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
} from '../../order.constants';
import type { TOrderFilters } from '../../order.schemas';

const MIXED = '__mixed';
// « Du » and « Au » as narrow as the dates beside them leave room for.
const DATE_ADDON = css({ px: '2', fontSize: 'sm' });

/** A list filter shown as one choice; a view holding several (« À préparer ») shows « Selon la vue ». */
function single(values: readonly string[] | undefined): string {
  if (!values?.length) return '';
  return values.length === 1 ? values[0]! : MIXED;
}

export function OrderFilters({
  filters,
  onChange,
  agents,
}: {
  filters: TOrderFilters;
  onChange: (filters: TOrderFilters) => void;
  agents?: Agent[];
}) {
  const set = (patch: Partial<TOrderFilters>) => onChange({ ...filters, ...patch });
  const fulfilment = single(filters.fulfilment);
  const payment = single(filters.payment);
  return (
    <Grid columns={{ base: 1, md: 4, xl: agents ? 7 : 6 }} gap="3">
      <FilterSelect
        label="Statut"
        value={fulfilment}
        onChange={(v) =>
          v !== MIXED && set({ fulfilment: v ? [v as (typeof FULFILMENT_STATUSES)[number]] : undefined })
        }
        options={[
          { value: '', label: 'Tous les statuts' },
          ...(fulfilment === MIXED ? [{ value: MIXED, label: 'Selon la vue' }] : []),
          ...FULFILMENT_STATUSES.map((s) => ({ value: s, label: FULFILMENT_LABELS[s] })),
        ]}
      />
      <FilterSelect
        label="Paiement"
        value={payment}
        onChange={(v) =>
          v !== MIXED && set({ payment: v ? [v as (typeof PAYMENT_STATUSES)[number]] : undefined })
        }
        options={[
          { value: '', label: 'Tous les paiements' },
          ...(payment === MIXED ? [{ value: MIXED, label: 'Selon la vue' }] : []),
          ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] })),
        ]}
      />
      <FilterSelect
        label="Canal"
        value={filters.channel ?? ''}
        onChange={(v) => set({ channel: (v || undefined) as TOrderFilters['channel'] })}
        options={[
          { value: '', label: 'Tous les canaux' },
          ...ORDER_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] })),
        ]}
      />
      <FilterSelect
        label="Moyen de paiement"
        value={filters.method ?? ''}
        onChange={(v) => set({ method: (v || undefined) as TOrderFilters['method'] })}
        options={[
          { value: '', label: 'Tous les moyens' },
          ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
        ]}
      />
      <InputGroup startAddon="Du" startAddonProps={{ className: DATE_ADDON }}>
        <Input
          size="sm"
          type="date"
          aria-label="Du"
          title="Du"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || undefined })}
        />
      </InputGroup>
      <InputGroup startAddon="Au" startAddonProps={{ className: DATE_ADDON }}>
        <Input
          size="sm"
          type="date"
          aria-label="Au"
          title="Au"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || undefined })}
        />
      </InputGroup>
      {agents ? (
        <FilterSelect
          label="Agent"
          value={filters.agentId ?? ''}
          onChange={(v) => set({ agentId: v || undefined })}
          options={[
            { value: '', label: 'Tous les agents' },
            ...agents.map((a) => ({
              value: a._id,
              label: [a.firstName, a.lastName].filter(Boolean).join(' ') || a.phone,
            })),
          ]}
        />
      ) : null}
    </Grid>
  );
}
