import { uiBackOfficePage } from '@/client/shell/shell-page';
import { shellPageProps } from '@/features/shop/server/shell-page';
import { CrmScreen } from '@/features/crm/client/screens/CrmScreen';

/** Drawn on the server with its shell (header, menu, banners). */
export const getServerSideProps = shellPageProps;

export default uiBackOfficePage(CrmScreen);
