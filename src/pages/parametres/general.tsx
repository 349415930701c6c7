import { AccountSettingsScreen } from '@/features/agent/client/screens/AccountSettingsScreen';

export default AccountSettingsScreen;
