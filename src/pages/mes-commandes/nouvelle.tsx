import { uiBackOfficePage } from '@/client/shell/shell-page';
import { shellPageProps } from '@/features/shop/server/shell-page';
import { NewOrderScreen } from '@/features/order/client/screens/OrderEditorScreen';

/** Drawn on the server with its shell (header, menu, banners). */
export const getServerSideProps = shellPageProps;

export default uiBackOfficePage(NewOrderScreen);
