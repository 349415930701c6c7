import { uiBackOfficePage } from '@/client/shell/shell-page';
import { shellPagePropsWith } from '@/features/shop/server/shell-page';
import { productsPageReads } from '@/features/product/server/products-page';
import { ProductsScreen } from '@/features/product/client/screens/ProductsScreen';

/** Drawn on the server with its shell (header, menu, banners) and its first page. */
export const getServerSideProps = shellPagePropsWith(productsPageReads);

export default uiBackOfficePage(ProductsScreen);
