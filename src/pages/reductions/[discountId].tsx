import { backOfficePage } from '@/client/shell/back-office-page';
import { DiscountEditorScreen } from '@/features/discount/client/screens/DiscountEditorScreen';

export default backOfficePage(DiscountEditorScreen);
