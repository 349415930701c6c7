import { EditOrderScreen } from '@/features/order/client/screens/OrderEditorScreen';

export default EditOrderScreen;
