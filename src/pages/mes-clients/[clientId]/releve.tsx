import { uiBackOfficePage } from '@/client/shell/shell-page';
import { ClientStatementScreen } from '@/features/customer/client/screens/ClientStatementScreen';

export default uiBackOfficePage(ClientStatementScreen);
