import { OrderPrintScreen } from '@/features/order/client/screens/OrderPrintScreen';

export default OrderPrintScreen;
