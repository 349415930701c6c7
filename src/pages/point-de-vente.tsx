import { backOfficePage } from '@/client/shell/back-office-page';
import { PosScreen } from '@/features/pos/client/screens/PosScreen';

export default backOfficePage(PosScreen);
