import { uiBackOfficePage } from '@/client/shell/shell-page';
import { tillPageProps } from '@/features/pos/server/till-page';
import { PosScreen } from '@/features/pos/client/screens/PosScreen';

/** Drawn per request with what the till opens on (its session and boot answer): see till-page.ts. */
export const getServerSideProps = tillPageProps;

export default uiBackOfficePage(PosScreen);
