import { lazy, useState, type ReactNode } from 'react';
import { LuSlidersHorizontal } from 'react-icons/lu';
import { Badge, Button } from '@/client/ui';
import { FirstOpened } from './FirstOpened';

const FilterSheetDrawer = lazy(() =>
  import('./filter-sheet-drawer').then((m) => ({ default: m.FilterSheetDrawer })),
);

export interface FilterSheetProps {
  activeCount: number;
  children: ReactNode;
  /** Clears every filter (shown when one is active). */
  onClear?: () => void;
  /** Below the filters: another action on the list (« Enregistrer la vue »). */
  footer?: (close: () => void) => ReactNode;
}

/**
 * A phone's list filters: a « Filtres » button counting the active ones, opening a sheet from the
 * bottom with the filters (applied as they change, as on a larger screen). The sheet's code (its
 * drawer) loads when it first opens.
 */
export function FilterSheet(props: FilterSheetProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        size="md"
        variant="outline"
        flexShrink={0}
        aria-label={
          props.activeCount
            ? `Filtres (${props.activeCount} actif${props.activeCount > 1 ? 's' : ''})`
            : 'Filtres'
        }
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-testid="filters-button"
        onClick={() => setOpen(true)}
      >
        <LuSlidersHorizontal /> Filtres
        {props.activeCount ? (
          <Badge colorPalette="brand" variant="solid" rounded="full" data-testid="filters-count">
            {props.activeCount}
          </Badge>
        ) : null}
      </Button>
      <FirstOpened isOpen={isOpen}>
        <FilterSheetDrawer {...props} isOpen={isOpen} onClose={() => setOpen(false)} />
      </FirstOpened>
    </>
  );
}
