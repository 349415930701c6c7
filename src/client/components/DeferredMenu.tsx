import { lazy, type ReactElement } from 'react';
import { DeferredPopup, type TriggerProps } from './DeferredPopup';

const MenuPopup = lazy(() => import('./menu-popup').then((m) => ({ default: m.MenuPopup })));

export interface MenuChoice {
  value: string;
  label: string;
  onSelect: () => void;
  /** Drawn in red: it undoes something (« Annuler la commande »). */
  isDanger?: boolean;
}

/** Choices drawn together; a group with a label is named for screen readers and set apart. */
export interface MenuChoiceGroup {
  label?: string;
  choices: MenuChoice[];
}

/**
 * A menu button whose menu's code (Chakra's Menu, zag, floating-ui) loads when it is wanted: the
 * trigger is drawn by the page with `@/client/ui`, the menu by DeferredPopup's lazily loaded view.
 */
export function DeferredMenu({
  trigger,
  groups,
}: {
  trigger: ReactElement<TriggerProps>;
  groups: MenuChoiceGroup[];
}) {
  return <DeferredPopup trigger={trigger} popup={(props) => <MenuPopup {...props} groups={groups} />} />;
}
