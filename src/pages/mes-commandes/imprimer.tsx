import { uiBackOfficePage } from '@/client/shell/shell-page';
import { OrderPrintScreen } from '@/features/order/client/screens/OrderPrintScreen';

export default uiBackOfficePage(OrderPrintScreen);
