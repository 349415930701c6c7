import { backOfficePage } from '@/client/shell/back-office-page';
import { ClientStatementScreen } from '@/features/customer/client/screens/ClientStatementScreen';

export default backOfficePage(ClientStatementScreen);
