import { ConfirmInformationsScreen } from '@/features/agent/client/screens/ConfirmInformationsScreen';

export default ConfirmInformationsScreen;
