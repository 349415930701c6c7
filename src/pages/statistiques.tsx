import { StatsScreen } from '@/features/stats/client/screens/StatsScreen';

export default StatsScreen;
