import { backOfficePage } from '@/client/shell/back-office-page';
import { OrdersScreen } from '@/features/order/client/screens/OrdersScreen';

export default backOfficePage(OrdersScreen);
