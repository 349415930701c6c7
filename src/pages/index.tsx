import { HomeScreen } from '@/features/home/client/screens/HomeScreen';

export default HomeScreen;
