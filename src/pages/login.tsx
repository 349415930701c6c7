import { LoginScreen } from '@/features/auth/client/screens/LoginScreen';

export default LoginScreen;
