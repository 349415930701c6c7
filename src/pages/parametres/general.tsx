import { backOfficePage } from '@/client/shell/back-office-page';
import { AccountSettingsScreen } from '@/features/agent/client/screens/AccountSettingsScreen';

export default backOfficePage(AccountSettingsScreen);
