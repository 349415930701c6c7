import { backOfficePage } from '@/client/shell/back-office-page';
import { HomeScreen } from '@/features/home/client/screens/HomeScreen';

export default backOfficePage(HomeScreen);
