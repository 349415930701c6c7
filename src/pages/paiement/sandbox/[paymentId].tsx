import { backOfficePage } from '@/client/shell/back-office-page';
import { SandboxCheckoutScreen } from '@/features/subscription/client/screens/SandboxCheckoutScreen';

export default backOfficePage(SandboxCheckoutScreen);
