import { css, cx } from '../../../../../styled-system/css';
import { hstack } from '../../../../../styled-system/patterns';
import { Text } from '@/client/ui';

const ROW = hstack({
  w: 'full',
  justify: 'space-between',
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  _hover: { bg: 'bg.muted' },
});
const TAKEN = css({ opacity: 0.5 });

/**
 * A client found by a search (an order's, a discount's), the whole row pressable: name, then the
 * phone as `formatPhone` writes it. One already chosen is dimmed and cannot be pressed.
 */
export function FoundClientButton(props: {
  name: string;
  phone: string;
  isTaken?: boolean;
  onPick: () => void;
}) {
  return (
    <button
      type="button"
      className={cx(ROW, props.isTaken ? TAKEN : undefined)}
      disabled={props.isTaken}
      onClick={props.onPick}
    >
      <Text fontSize="sm">{props.name}</Text>
      <Text fontSize="xs" color="fg.muted">
        {props.phone}
      </Text>
    </button>
  );
}
