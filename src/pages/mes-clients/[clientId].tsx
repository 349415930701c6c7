import { ClientScreen } from '@/features/customer/client/screens/ClientScreen';

export default ClientScreen;
