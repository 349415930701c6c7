import { ProductEditorScreen } from '@/features/product/client/screens/ProductEditorScreen';

export default ProductEditorScreen;
