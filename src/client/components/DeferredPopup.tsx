import {
  cloneElement,
  Suspense,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export type TriggerProps = {
  id?: string;
  onClick?: () => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
};

/**
 * What the popup's own component receives: its open state to follow, and the ids that tie it to
 * the trigger (`ids` of Chakra's Menu.Root and Popover.Root: positioned by it, focus back on it,
 * a press on it is not a press outside).
 */
export interface DeferredPopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ids: { trigger: string; content: string };
}

/**
 * A menu or popover whose code loads when it is wanted (issue 20): the machines and positioning
 * (zag, floating-ui: about 18 KB compressed that every back-office page carried for the header's
 * menus and the bell) load when the pointer comes onto the trigger or it takes the focus. The
 * trigger is drawn here, once, and stays the same element: a press is never lost to a swap, and a
 * press before the code is there opens the popup as soon as it is. `popup` renders the lazily
 * loaded component (React.lazy) without a trigger of its own.
 */
export function DeferredPopup({
  trigger,
  hasPopup = 'menu',
  popup,
  onOpenChange,
}: {
  trigger: ReactElement<TriggerProps>;
  hasPopup?: 'menu' | 'dialog';
  popup: (props: DeferredPopupProps) => ReactNode;
  /** Told of each opening and closing, whoever made it. */
  onOpenChange?: (open: boolean) => void;
}) {
  const id = useId();
  const ids = { trigger: `${id}trigger`, content: `${id}content` };
  const [isWanted, setWanted] = useState(false);
  const [isOpen, setOpen] = useState(false);
  // The state as it is now, not as the last render saw it: a close by the popup (focus gone) and
  // a press on the trigger can come in one tick.
  const openNow = useRef(false);
  const change = (open: boolean) => {
    openNow.current = open;
    setOpen(open);
    onOpenChange?.(open);
  };
  const want = () => setWanted(true);
  return (
    <>
      {cloneElement(trigger, {
        id: ids.trigger,
        'aria-haspopup': hasPopup,
        'aria-expanded': isOpen,
        'aria-controls': isOpen ? ids.content : undefined,
        onPointerEnter: want,
        onFocus: want,
        onClick: () => {
          want();
          change(!openNow.current);
        },
        // A menu button opens on the arrow keys too (WAI-ARIA's menu button pattern).
        onKeyDown: (event: KeyboardEvent) => {
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !openNow.current) {
            event.preventDefault();
            want();
            change(true);
          }
        },
      })}
      {isWanted ? (
        <Suspense fallback={null}>{popup({ open: isOpen, onOpenChange: change, ids })}</Suspense>
      ) : null}
    </>
  );
}
