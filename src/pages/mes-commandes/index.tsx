import { OrdersScreen } from '@/features/order/client/screens/OrdersScreen';

export default OrdersScreen;
