import { ConsoleScreen } from '@/features/console/client/screens/ConsoleScreen';

export default ConsoleScreen;
