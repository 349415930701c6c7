import { DiscountsScreen } from '@/features/discount/client/screens/DiscountsScreen';

export default DiscountsScreen;
