import dynamic from 'next/dynamic';
import { useState } from 'react';
import { LuCircleHelp } from 'react-icons/lu';
import { Button } from '@/client/ui';
import { FirstOpened } from '@/client/components/FirstOpened';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import type { WhyView } from '../why-price';

// The explanation's drawer, still drawn with Chakra, loads with it on the first press.
const WhyPriceDrawer = dynamic(() =>
  loadInChakraIsland(import('./WhyPriceDialog').then((m) => m.WhyPriceDrawer)),
);

/** « Pourquoi ce prix ? »: a link that opens the explanation. `view` is built only when opened. */
export function WhyPriceButton({ view, currency }: { view: () => WhyView; currency: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="plain"
        size="sm"
        px="0"
        h="auto"
        colorPalette="brand"
        color="colorPalette.fg"
        alignSelf="flex-start"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        <LuCircleHelp /> Pourquoi ce prix ?
      </Button>
      <FirstOpened isOpen={isOpen}>
        <WhyPriceDrawer isOpen={isOpen} onClose={() => setOpen(false)} view={view} currency={currency} />
      </FirstOpened>
    </>
  );
}
