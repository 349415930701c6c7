import { backOfficePage } from '@/client/shell/back-office-page';
import { PayOrderScreen } from '@/features/order/client/screens/PayOrderScreen';

export default backOfficePage(PayOrderScreen);
