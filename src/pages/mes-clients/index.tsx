import { ClientsScreen } from '@/features/customer/client/screens/ClientsScreen';

export default ClientsScreen;
