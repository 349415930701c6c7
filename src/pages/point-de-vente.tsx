import { uiBackOfficePage } from '@/client/shell/shell-page';
import { PosScreen } from '@/features/pos/client/screens/PosScreen';

export default uiBackOfficePage(PosScreen);
