import {
  Checkbox,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { currencyLabel, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { CHANNEL_LABELS, ORDER_CHANNELS } from '@/features/order/order.constants';
import { FIELD_LABELS, type DraftRule } from '../segment-rules';

function Select<T extends string>(props: {
  label: string;
  value: T;
  options: Array<[T, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value as T)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A whole number typed freely; NaN while empty, which the server names. */
function NumberInput(props: {
  label: string;
  value: number | undefined;
  onChange: (n: number) => void;
  suffix?: string;
}) {
  return (
    <HStack gap="2">
      <Input
        size="sm"
        width="24"
        inputMode="numeric"
        aria-label={props.label}
        value={props.value === undefined || Number.isNaN(props.value) ? '' : String(props.value)}
        onChange={(e) => {
          const text = e.currentTarget.value.replace(/[\s\u202f\u00a0]/g, '');
          props.onChange(text === '' ? Number.NaN : Number(text));
        }}
      />
      {props.suffix ? <Text fontSize="sm">{props.suffix}</Text> : null}
    </HStack>
  );
}

function MoneyInput(props: {
  label: string;
  value: number;
  currency: string;
  onChange: (n: number) => void;
}) {
  const [text, setText] = useState(() => moneyInputValue(props.value, props.currency));
  return (
    <HStack gap="2">
      <Input
        size="sm"
        width="32"
        inputMode="numeric"
        aria-label={props.label}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          props.onChange(parseMoneyInput(e.currentTarget.value, props.currency) ?? Number.NaN);
        }}
      />
      <Text fontSize="sm">{currencyLabel(props.currency)}</Text>
    </HStack>
  );
}

/** Words typed with commas (« Plateau, Médina »), kept as a list. */
function WordsInput(props: {
  label: string;
  value: string[];
  placeholder: string;
  onChange: (words: string[]) => void;
}) {
  const [text, setText] = useState(() => props.value.join(', '));
  return (
    <Input
      size="sm"
      flex="1"
      minW="40"
      aria-label={props.label}
      placeholder={props.placeholder}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        props.onChange(
          e.currentTarget.value
            .split(',')
            .map((w) => w.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** « au moins » / « au plus » before a rule's figure. */
function CompareSelect(props: {
  label: string;
  value: 'gte' | 'lte';
  onChange: (op: 'gte' | 'lte') => void;
}) {
  return (
    <Select
      label={`${props.label} : comparaison`}
      value={props.value}
      options={[
        ['gte', 'au moins'],
        ['lte', 'au plus'],
      ]}
      onChange={props.onChange}
    />
  );
}

/** A yes-or-no rule value, each said in the rule's own words. */
function FlagSelect(props: {
  label: string;
  value: boolean;
  yes: string;
  no: string;
  onChange: (v: boolean) => void;
}) {
  return (
    <Select
      label={props.label}
      value={props.value ? 'yes' : 'no'}
      options={[
        ['yes', props.yes],
        ['no', props.no],
      ]}
      onChange={(v) => props.onChange(v === 'yes')}
    />
  );
}

function DaysInput(props: { label: string; value: number | undefined; onChange: (days: number) => void }) {
  return (
    <NumberInput
      label={`${props.label} : jours`}
      value={props.value}
      suffix="jours"
      onChange={props.onChange}
    />
  );
}

function RuleControls({
  rule,
  currency,
  onChange,
}: {
  rule: DraftRule;
  currency: string;
  onChange: (r: DraftRule) => void;
}) {
  const label = FIELD_LABELS[rule.field];
  switch (rule.field) {
    case 'totalSpent':
      return (
        <>
          <CompareSelect label={label} value={rule.op} onChange={(op) => onChange({ ...rule, op })} />
          <MoneyInput
            label={label}
            value={rule.value}
            currency={currency}
            onChange={(value) => onChange({ ...rule, value })}
          />
        </>
      );
    case 'ordersCount':
    case 'refusedCod':
      return (
        <>
          <CompareSelect label={label} value={rule.op} onChange={(op) => onChange({ ...rule, op })} />
          <NumberInput label={label} value={rule.value} onChange={(value) => onChange({ ...rule, value })} />
        </>
      );
    case 'lastOrder':
      return (
        <>
          <Select
            label={`${label} : quand`}
            value={rule.op}
            options={[
              ['within', 'dans les derniers'],
              ['before', 'pas depuis'],
              ['never', 'jamais'],
            ]}
            onChange={(op) => onChange({ ...rule, op, days: op === 'never' ? undefined : (rule.days ?? 60) })}
          />
          {rule.op === 'never' ? null : (
            <DaysInput label={label} value={rule.days} onChange={(days) => onChange({ ...rule, days })} />
          )}
        </>
      );
    case 'firstOrder':
      return (
        <>
          <Text fontSize="sm">dans les derniers</Text>
          <DaysInput label={label} value={rule.days} onChange={(days) => onChange({ ...rule, days })} />
        </>
      );
    case 'firstChannel':
      return (
        <Wrap gap="3">
          {ORDER_CHANNELS.map((channel) => (
            <Checkbox.Root
              key={channel}
              size="sm"
              checked={rule.channels.includes(channel)}
              onCheckedChange={(e) =>
                onChange({
                  ...rule,
                  channels: e.checked
                    ? [...rule.channels, channel]
                    : rule.channels.filter((c) => c !== channel),
                })
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{CHANNEL_LABELS[channel]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      );
    case 'commune':
      return (
        <WordsInput
          label={label}
          value={rule.communes}
          placeholder="Plateau, Médina…"
          onChange={(communes) => onChange({ ...rule, communes })}
        />
      );
    case 'tags':
      return (
        <>
          <Select
            label={`${label} : lesquelles`}
            value={rule.op}
            options={[
              ['any', 'au moins une de'],
              ['all', 'toutes'],
              ['none', 'aucune de'],
            ]}
            onChange={(op) => onChange({ ...rule, op })}
          />
          <WordsInput
            label={label}
            value={rule.tags}
            placeholder="VIP, Revendeur…"
            onChange={(tags) => onChange({ ...rule, tags })}
          />
        </>
      );
    case 'balance':
      return (
        <FlagSelect
          label={label}
          value={rule.has}
          yes="doit quelque chose"
          no="ne doit rien"
          onChange={(has) => onChange({ ...rule, has })}
        />
      );
    case 'birthdayThisMonth':
      return null;
    case 'consent':
      return (
        <>
          <Select
            label={`${label} : canal`}
            value={rule.channel}
            options={[
              ['sms', 'SMS'],
              ['whatsapp', 'WhatsApp'],
            ]}
            onChange={(channel) => onChange({ ...rule, channel })}
          />
          <Select
            label={`${label} : donné ou non`}
            value={rule.given ? 'yes' : 'no'}
            options={[
              ['yes', 'donné'],
              ['no', 'non donné'],
            ]}
            onChange={(v) => onChange({ ...rule, given: v === 'yes' })}
          />
        </>
      );
  }
}

/** One rule of the segment: what it reads, its values, its error from the server, and « Retirer ». */
export function RuleRow(props: {
  rule: DraftRule;
  currency: string;
  error?: string;
  onChange: (rule: DraftRule) => void;
  onRemove: () => void;
}) {
  return (
    <Field.Root invalid={!!props.error}>
      <Stack gap="1" width="full" borderWidth="1px" rounded="md" bg="bg" p="3" data-testid="segment-rule">
        <HStack gap="3" flexWrap="wrap" align="center">
          <Text fontWeight="medium" fontSize="sm" minW="40">
            {FIELD_LABELS[props.rule.field]}
          </Text>
          <RuleControls rule={props.rule} currency={props.currency} onChange={props.onChange} />
          <IconButton
            aria-label={`Retirer la règle « ${FIELD_LABELS[props.rule.field]} »`}
            size="xs"
            variant="ghost"
            ms="auto"
            onClick={props.onRemove}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
        {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
      </Stack>
    </Field.Root>
  );
}
