import { uiBackOfficePage } from '@/client/shell/shell-page';
import { shellPagePropsWith } from '@/features/shop/server/shell-page';
import { ordersPageReads } from '@/features/order/server/orders-page';
import { OrdersScreen } from '@/features/order/client/screens/OrdersScreen';

/** Drawn on the server with its shell (header, menu, banners) and its first page. */
export const getServerSideProps = shellPagePropsWith(ordersPageReads);

export default uiBackOfficePage(OrdersScreen);
