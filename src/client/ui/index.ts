import { ark } from '@ark-ui/react/factory';
import { styled } from '../../../styled-system/jsx';
import { badge, heading, link, skeleton } from '../../../styled-system/recipes';

/*
 * The back office's components drawn without Chakra's runtime: the same names, props and look as
 * Chakra's (the same theme, src/client/theme-config.ts), their CSS written by Panda at build time
 * (panda.config.ts) rather than by Emotion in the browser. A page moves over by importing from here
 * instead of `@chakra-ui/react`; style props must then be written as literals (or literal
 * alternatives), which is what Panda reads.
 */
export {
  Box,
  Flex,
  Grid,
  HStack,
  SimpleGrid,
  Stack,
  VStack,
  VisuallyHidden,
} from '../../../styled-system/jsx';
export { Alert } from './alert';
export { Avatar } from './avatar';
export { Button, IconButton } from './buttons';
export { ButtonGroup } from './button-group';
export { Card } from './card';
export { Checkbox } from './checkbox';
export { CloseButton } from './close-button';
export { EmptyState } from './empty-state';
export { Field, FieldTextarea, FieldTextInput } from './field';
export { Input, InputGroup, Textarea } from './input';
export { LinkBox, LinkOverlay } from './link-box';
export { List } from './list';
export { NativeSelect } from './native-select';
export { Progress } from './progress';
export { RadioGroup } from './radio-group';
export { Separator } from './separator';
export { Table } from './table';
export { Tabs } from './tabs';
export { Spinner } from './spinner';
export { Switch } from './switch';
export { Tag } from './tag';

export const Text = styled('p');
export const Heading = styled('h2', heading);
export const Badge = styled('span', badge);
export const Image = styled('img');
/** `asChild` draws the link's look on its child (Next's link). */
export const Link = styled(ark.a, link);
/** Holds a place while its content loads; `loading={false}` shows the content. */
export const Skeleton = styled('div', skeleton);
