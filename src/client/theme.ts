import { createSystem } from '@chakra-ui/react';
import { themeConfig } from './theme-config';

/** Chakra's runtime system, for the pages still drawn with Chakra's components. */
export const system = createSystem(themeConfig);
