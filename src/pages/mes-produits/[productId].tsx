import { backOfficePage } from '@/client/shell/back-office-page';
import { ProductEditorScreen } from '@/features/product/client/screens/ProductEditorScreen';

export default backOfficePage(ProductEditorScreen);
