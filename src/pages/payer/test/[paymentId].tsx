import { TestPaymentScreen } from '@/features/order/client/screens/TestPaymentScreen';

export default TestPaymentScreen;
