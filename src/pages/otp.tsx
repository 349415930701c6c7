import { OtpScreen } from '@/features/auth/client/screens/OtpScreen';

export default OtpScreen;
