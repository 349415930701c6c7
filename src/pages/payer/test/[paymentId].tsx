import { backOfficePage } from '@/client/shell/back-office-page';
import { TestPaymentScreen } from '@/features/order/client/screens/TestPaymentScreen';

export default backOfficePage(TestPaymentScreen);
