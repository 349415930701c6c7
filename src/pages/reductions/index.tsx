import { backOfficePage } from '@/client/shell/back-office-page';
import { DiscountsScreen } from '@/features/discount/client/screens/DiscountsScreen';

export default backOfficePage(DiscountsScreen);
