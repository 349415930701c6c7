import { backOfficePage } from '@/client/shell/back-office-page';
import { NewOrderScreen } from '@/features/order/client/screens/OrderEditorScreen';

export default backOfficePage(NewOrderScreen);
