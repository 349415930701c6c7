import { ClientStatementScreen } from '@/features/customer/client/screens/ClientStatementScreen';

export default ClientStatementScreen;
