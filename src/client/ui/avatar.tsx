import { createStyleContext } from '../../../styled-system/jsx';
import { avatar } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(avatar);

/**
 * Chakra's Avatar without its image-loading machine: the caller draws the photo when there is one,
 * the initials otherwise.
 */
export const Avatar = {
  Root: withProvider('span', 'root'),
  Image: withContext('img', 'image'),
  Fallback: withContext('span', 'fallback'),
};
