import { DiscountEditorScreen } from '@/features/discount/client/screens/DiscountEditorScreen';

export default DiscountEditorScreen;
