import type { ReactNode } from 'react';
import { ChakraIsland } from '@/client/shell/chakra-island';
import { printDocument, type PaperWidth } from './print';

/**
 * Prints a document drawn with Chakra (the receipt, the Z report): the till's PrintHost draws it
 * outside the dialog that asked, where no Chakra provider is, so it brings its own.
 */
export function printWithChakra(node: ReactNode, width: PaperWidth): Promise<void> {
  return printDocument(<ChakraIsland>{node}</ChakraIsland>, width);
}
