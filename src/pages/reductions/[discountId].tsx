import { uiBackOfficePage } from '@/client/shell/shell-page';
import { shellPageProps } from '@/features/shop/server/shell-page';
import { DiscountEditorScreen } from '@/features/discount/client/screens/DiscountEditorScreen';

/** Drawn on the server with its shell (header, menu, banners). */
export const getServerSideProps = shellPageProps;

export default uiBackOfficePage(DiscountEditorScreen);
