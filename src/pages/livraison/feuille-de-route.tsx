import { backOfficePage } from '@/client/shell/back-office-page';
import { RunSheetScreen } from '@/features/delivery/client/screens/RunSheetScreen';

export default backOfficePage(RunSheetScreen);
