import { css } from '../../../../../styled-system/css';
import { Field, FieldTextInput, Input, InputGroup, SimpleGrid } from '@/client/ui';
import { useEffect, useState } from 'react';
import { FilterSelect } from '@/client/components/FilterSelect';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import { CHANNEL_LABELS, ORDER_CHANNELS } from '@/features/order/order.constants';
import type { ClientFilters as Filters } from '../client-filters';

const ADDON = css({ px: '2', fontSize: 'sm' });

/** A text filter applied as it is typed (the list's queries are debounced by the screen). */
function TextFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  return (
    <Input
      size="sm"
      aria-label={props.label}
      placeholder={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.currentTarget.value || undefined)}
    />
  );
}

/** « Total dépensé » min or max: typed as money (« 10 000 »), kept in minor units. */
function AmountFilter(props: {
  label: string;
  addon: string;
  currency: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const [text, setText] = useState(() =>
    moneyInputValue(props.value ? Number(props.value) : null, props.currency),
  );
  // Cleared from outside (« Effacer les filtres »): the field empties too.
  useEffect(() => {
    if (props.value === undefined) setText('');
  }, [props.value]);
  return (
    <Field.Root>
      <InputGroup startAddon={props.addon} startAddonProps={{ className: ADDON }}>
        <FieldTextInput
          size="sm"
          inputMode="numeric"
          aria-label={props.label}
          title={props.label}
          placeholder={props.currency === 'XOF' ? 'FCFA' : props.currency}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            const amount = parseMoneyInput(e.currentTarget.value, props.currency);
            props.onChange(amount === null ? undefined : String(amount));
          }}
        />
      </InputGroup>
    </Field.Root>
  );
}

function DayFilter(props: {
  label: string;
  addon: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  /** Columns taken in the grid (the first date's long words need two). */
  span?: 2;
}) {
  return (
    <Field.Root gridColumn={props.span === 2 ? { md: 'span 2' } : undefined}>
      <InputGroup startAddon={props.addon} startAddonProps={{ className: ADDON }}>
        <FieldTextInput
          size="sm"
          type="date"
          aria-label={props.label}
          title={props.label}
          value={props.value ?? ''}
          onChange={(e) => props.onChange(e.currentTarget.value || undefined)}
        />
      </InputGroup>
    </Field.Root>
  );
}

/** The list's filters: inline from a tablet up, in the « Filtres » sheet on a phone. */
export function ClientFilters({
  filters,
  onChange,
  currency,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  currency: string;
}) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <SimpleGrid columns={{ base: 1, md: 3, xl: 5 }} gap="3">
      <TextFilter label="Étiquette" value={filters.tag} onChange={(tag) => set({ tag })} />
      <TextFilter label="Commune" value={filters.commune} onChange={(commune) => set({ commune })} />
      <FilterSelect
        label="Canal de la première commande"
        value={filters.firstChannel ?? ''}
        onChange={(v) => set({ firstChannel: v || undefined })}
        options={[
          { value: '', label: 'Premier canal : tous' },
          ...ORDER_CHANNELS.map((c) => ({ value: c, label: `Premier canal : ${CHANNEL_LABELS[c]}` })),
        ]}
      />
      <FilterSelect
        label="Ardoise"
        value={filters.hasBalance ?? ''}
        onChange={(v) => set({ hasBalance: v === 'true' ? 'true' : undefined })}
        options={[
          { value: '', label: 'Avec ou sans ardoise' },
          { value: 'true', label: 'Avec une ardoise' },
        ]}
      />
      <FilterSelect
        label="Consentement marketing"
        value={filters.consent ?? ''}
        onChange={(v) => set({ consent: v === 'sms' || v === 'whatsapp' ? v : undefined })}
        options={[
          { value: '', label: 'Tout consentement' },
          { value: 'sms', label: 'Accepte les SMS' },
          { value: 'whatsapp', label: 'Accepte WhatsApp' },
        ]}
      />
      <DayFilter
        label="Dernière commande du"
        addon="Dernière commande du"
        span={2}
        value={filters.lastOrderFrom}
        onChange={(lastOrderFrom) => set({ lastOrderFrom })}
      />
      <DayFilter
        label="Dernière commande au"
        addon="au"
        value={filters.lastOrderTo}
        onChange={(lastOrderTo) => set({ lastOrderTo })}
      />
      <AmountFilter
        label="Total dépensé minimum"
        addon="Dépensé ≥"
        currency={currency}
        value={filters.spentMin}
        onChange={(spentMin) => set({ spentMin })}
      />
      <AmountFilter
        label="Total dépensé maximum"
        addon="Dépensé ≤"
        currency={currency}
        value={filters.spentMax}
        onChange={(spentMax) => set({ spentMax })}
      />
    </SimpleGrid>
  );
}
