import { backOfficePage } from '@/client/shell/back-office-page';
import { OrderPrintScreen } from '@/features/order/client/screens/OrderPrintScreen';

export default backOfficePage(OrderPrintScreen);
