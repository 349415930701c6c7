import { backOfficePage } from '@/client/shell/back-office-page';
import { StatsScreen } from '@/features/stats/client/screens/StatsScreen';

export default backOfficePage(StatsScreen);
