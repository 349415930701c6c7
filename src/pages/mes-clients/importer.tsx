import { ImportClientsScreen } from '@/features/customer/client/screens/ImportClientsScreen';

export default ImportClientsScreen;
