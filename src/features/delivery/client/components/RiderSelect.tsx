import { NativeSelect } from '@/client/ui';
import type { Rider } from '../delivery.api';

/** A choice among the riders given (the active ones), as the order page and the board offer it. */
export function RiderSelect(props: {
  riders: Rider[];
  value: string;
  onChange: (riderId: string) => void;
  label: string;
  placeholder: string;
  isInvalid?: boolean;
  minW?: string;
}) {
  return (
    <NativeSelect.Root size="sm" flex="1" minW={props.minW}>
      <NativeSelect.Field
        aria-label={props.label}
        aria-invalid={props.isInvalid || undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        <option value="">{props.placeholder}</option>
        {props.riders.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
