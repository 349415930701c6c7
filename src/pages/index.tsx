import { uiBackOfficePage } from '@/client/shell/shell-page';
import { shellPagePropsWith } from '@/features/shop/server/shell-page';
import { homePageReads } from '@/features/home/server/home-page';
import { HomeScreen } from '@/features/home/client/screens/HomeScreen';

/** Drawn on the server with its shell (header, menu, banners) and its figures. */
export const getServerSideProps = shellPagePropsWith(homePageReads);

export default uiBackOfficePage(HomeScreen);
