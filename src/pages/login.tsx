import type { GetServerSideProps } from 'next';
import { LoginScreen } from '@/features/auth/client/screens/LoginScreen';
import { loginPageProps } from '@/features/auth/server/login-page';
import type { LoginPageProps } from '@/features/auth/identity';

export const getServerSideProps: GetServerSideProps<LoginPageProps> = async ({ res }) => loginPageProps(res);

export default LoginScreen;
