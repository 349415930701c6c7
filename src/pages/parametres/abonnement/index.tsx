import { backOfficePage } from '@/client/shell/back-office-page';
import { SubscriptionScreen } from '@/features/subscription/client/screens/SubscriptionScreen';

export default backOfficePage(SubscriptionScreen);
