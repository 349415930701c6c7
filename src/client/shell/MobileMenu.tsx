import { lazy, Suspense } from 'react';
import { useHasOpened } from '../hooks/use-has-opened';
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
  if (!useHasOpened(props.isOpen)) return null;
  return (
    <Suspense fallback={null}>
      <MobileMenuDrawer {...props} />
    </Suspense>
  );
}
