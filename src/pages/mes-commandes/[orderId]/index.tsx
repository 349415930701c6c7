import { OrderDetailScreen } from '@/features/order/client/screens/OrderDetailScreen';

export default OrderDetailScreen;
