import { HStack, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuTrash2 } from 'react-icons/lu';
import { moved } from './design-edit';

/**
 * Up, down and remove for one item of a list (a section, a slide, a menu link): buttons, so the
 * order changes without dragging, on a phone as with a keyboard. `name` ends each button's label.
 */
export function MoveButtons<T>(props: {
  items: T[];
  index: number;
  name: string;
  removeLabel?: string;
  size?: 'xs' | 'sm';
  onChange: (items: T[]) => void;
  /** Buttons drawn between « Descendre » and « Supprimer » (hide, duplicate). */
  children?: ReactNode;
}) {
  const { items, index, name, size = 'sm' } = props;
  return (
    <HStack gap="0">
      <IconButton
        size={size}
        variant="ghost"
        aria-label={`Monter : ${name}`}
        disabled={index === 0}
        onClick={() => props.onChange(moved(items, index, index - 1))}
      >
        <LuArrowUp />
      </IconButton>
      <IconButton
        size={size}
        variant="ghost"
        aria-label={`Descendre : ${name}`}
        disabled={index === items.length - 1}
        onClick={() => props.onChange(moved(items, index, index + 1))}
      >
        <LuArrowDown />
      </IconButton>
      {props.children}
      <IconButton
        size={size}
        variant="ghost"
        aria-label={`${props.removeLabel ?? 'Supprimer'} : ${name}`}
        onClick={() => props.onChange(items.filter((_, i) => i !== index))}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}
