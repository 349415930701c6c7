import { ark } from '@ark-ui/react/factory';
import { styled } from '../../../styled-system/jsx';
import { button, heading } from '../../../styled-system/recipes';

/*
 * The back office's components drawn without Chakra's runtime: the same names, props and look as
 * Chakra's (the same theme, src/client/theme-config.ts), their CSS written by Panda at build time
 * (panda.config.ts) rather than by Emotion in the browser. A page moves over by importing from here
 * instead of `@chakra-ui/react`; style props must then be written as literals (or literal
 * alternatives), which is what Panda reads.
 */
export { Box, Flex, Grid, HStack, Stack, VStack } from '../../../styled-system/jsx';

export const Text = styled('p');
export const Heading = styled('h2', heading);
/** `asChild` draws the button's look on its child (a link). */
export const Button = styled(ark.button, button);
