import { backOfficePage } from '@/client/shell/back-office-page';
import { OrderDetailScreen } from '@/features/order/client/screens/OrderDetailScreen';

export default backOfficePage(OrderDetailScreen);
