import { FieldTextInput, InputGroup } from '@/client/ui';
import { CURRENCIES, type CurrencyCode } from '@/shared/countries';

/**
 * An amount typed in the shop's currency (« 12500 » or « 12 500 »; « 12,50 » for EUR). Inside a
 * Field (the kit's or Chakra's: both are Ark's), it takes the field's id and invalid state.
 */
export function MoneyInput(props: {
  value: string;
  onChange: (value: string) => void;
  currency: string;
  label: string;
  autoFocus?: boolean;
  size?: 'md' | 'lg';
  id?: string;
  invalid?: boolean;
}) {
  const symbol = CURRENCIES[props.currency as CurrencyCode]?.symbol ?? props.currency;
  return (
    <InputGroup endElement={symbol}>
      <FieldTextInput
        id={props.id}
        aria-label={props.label}
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        autoFocus={props.autoFocus}
        size={props.size ?? 'lg'}
        aria-invalid={props.invalid || undefined}
      />
    </InputGroup>
  );
}
