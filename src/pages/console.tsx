import { uiBackOfficePage } from '@/client/shell/shell-page';
import { ConsoleScreen } from '@/features/console/client/screens/ConsoleScreen';

export default uiBackOfficePage(ConsoleScreen);
