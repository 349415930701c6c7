import { PosScreen } from '@/features/pos/client/screens/PosScreen';

export default PosScreen;
