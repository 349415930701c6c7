import { SubscriptionScreen } from '@/features/subscription/client/screens/SubscriptionScreen';

export default SubscriptionScreen;
