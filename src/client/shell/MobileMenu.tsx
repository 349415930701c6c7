import { lazy } from 'react';
import { FirstOpened } from '../components/FirstOpened';
import type { SidebarProps } from './Sidebar';

const MobileMenuDrawer = lazy(() =>
  import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })),
);

export interface MobileMenuProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  menu: Omit<SidebarProps, 'variant'>;
}

/** The side menu in a drawer, on a phone (SPEC §2); its drawer's code loads when it first opens. */
export function MobileMenu(props: MobileMenuProps) {
  return (
    <FirstOpened isOpen={props.isOpen}>
      <MobileMenuDrawer {...props} />
    </FirstOpened>
  );
}
