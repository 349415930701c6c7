import { ProductsScreen } from '@/features/product/client/screens/ProductsScreen';

export default ProductsScreen;
