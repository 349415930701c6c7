import { NewOrderScreen } from '@/features/order/client/screens/OrderEditorScreen';

export default NewOrderScreen;
