import { backOfficePage } from '@/client/shell/back-office-page';
import { ProductsScreen } from '@/features/product/client/screens/ProductsScreen';

export default backOfficePage(ProductsScreen);
