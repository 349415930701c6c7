import { uiBackOfficePage } from '@/client/shell/shell-page';
import { TestPaymentScreen } from '@/features/order/client/screens/TestPaymentScreen';

export default uiBackOfficePage(TestPaymentScreen);
