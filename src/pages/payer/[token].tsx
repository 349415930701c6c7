import { PayOrderScreen } from '@/features/order/client/screens/PayOrderScreen';

export default PayOrderScreen;
