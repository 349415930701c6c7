import { backOfficePage } from '@/client/shell/back-office-page';
import { ConsoleScreen } from '@/features/console/client/screens/ConsoleScreen';

export default backOfficePage(ConsoleScreen);
