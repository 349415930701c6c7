import { uiBackOfficePage } from '@/client/shell/shell-page';
import { RunSheetScreen } from '@/features/delivery/client/screens/RunSheetScreen';

export default uiBackOfficePage(RunSheetScreen);
