import { backOfficePage } from '@/client/shell/back-office-page';
import { InventoryScreen } from '@/features/product/client/screens/InventoryScreen';

export default backOfficePage(InventoryScreen);
