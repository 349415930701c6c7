import type { GetServerSideProps } from 'next';
import { OtpScreen, type OtpPageProps } from '@/features/auth/client/screens/OtpScreen';
import { otpPageProps } from '@/features/auth/server/otp-page';

export const getServerSideProps: GetServerSideProps<OtpPageProps> = async ({ query }) => otpPageProps(query);

export default OtpScreen;
