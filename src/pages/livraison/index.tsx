import { backOfficePage } from '@/client/shell/back-office-page';
import { DeliveryScreen } from '@/features/delivery/client/screens/DeliveryScreen';

export default backOfficePage(DeliveryScreen);
