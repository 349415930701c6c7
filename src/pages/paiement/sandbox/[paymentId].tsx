import { SandboxCheckoutScreen } from '@/features/subscription/client/screens/SandboxCheckoutScreen';

export default SandboxCheckoutScreen;
