import { styled } from '../../../styled-system/jsx';
import { spinner } from '../../../styled-system/recipes';

/** Chakra's Spinner: a ring turning in the text's colour, sized by the recipe (`xs` to `xl`). */
export const Spinner = styled('span', spinner);
