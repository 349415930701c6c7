import { InvoiceScreen } from '@/features/subscription/client/screens/InvoiceScreen';

export default InvoiceScreen;
