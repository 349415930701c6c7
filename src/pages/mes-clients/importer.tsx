import { backOfficePage } from '@/client/shell/back-office-page';
import { ImportClientsScreen } from '@/features/customer/client/screens/ImportClientsScreen';

export default backOfficePage(ImportClientsScreen);
