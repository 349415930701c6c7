import { InventoryScreen } from '@/features/product/client/screens/InventoryScreen';

export default InventoryScreen;
