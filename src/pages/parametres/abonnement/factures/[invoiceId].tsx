import { backOfficePage } from '@/client/shell/back-office-page';
import { InvoiceScreen } from '@/features/subscription/client/screens/InvoiceScreen';

export default backOfficePage(InvoiceScreen);
