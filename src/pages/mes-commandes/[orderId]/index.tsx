import { uiBackOfficePage } from '@/client/shell/shell-page';
import { shellPageProps } from '@/features/shop/server/shell-page';
import { OrderDetailScreen } from '@/features/order/client/screens/OrderDetailScreen';

/** Drawn on the server with its shell (header, menu, banners). */
export const getServerSideProps = shellPageProps;

export default uiBackOfficePage(OrderDetailScreen);
