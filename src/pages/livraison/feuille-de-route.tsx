import { RunSheetScreen } from '@/features/delivery/client/screens/RunSheetScreen';

export default RunSheetScreen;
