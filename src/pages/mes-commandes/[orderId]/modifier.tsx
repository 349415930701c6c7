import { backOfficePage } from '@/client/shell/back-office-page';
import { EditOrderScreen } from '@/features/order/client/screens/OrderEditorScreen';

export default backOfficePage(EditOrderScreen);
