import { backOfficePage } from '@/client/shell/back-office-page';
import { ConfirmInformationsScreen } from '@/features/agent/client/screens/ConfirmInformationsScreen';

export default backOfficePage(ConfirmInformationsScreen);
