import { backOfficePage } from '@/client/shell/back-office-page';
import { ClientScreen } from '@/features/customer/client/screens/ClientScreen';

export default backOfficePage(ClientScreen);
