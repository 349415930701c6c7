import { DeliveryScreen } from '@/features/delivery/client/screens/DeliveryScreen';

export default DeliveryScreen;
