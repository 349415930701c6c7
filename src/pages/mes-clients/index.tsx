import { backOfficePage } from '@/client/shell/back-office-page';
import { ClientsScreen } from '@/features/customer/client/screens/ClientsScreen';

export default backOfficePage(ClientsScreen);
