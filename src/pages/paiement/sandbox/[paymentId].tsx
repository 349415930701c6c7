import { uiBackOfficePage } from '@/client/shell/shell-page';
import { SandboxCheckoutScreen } from '@/features/subscription/client/screens/SandboxCheckoutScreen';

export default uiBackOfficePage(SandboxCheckoutScreen);
