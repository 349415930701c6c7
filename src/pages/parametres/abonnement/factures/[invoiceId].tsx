import { uiBackOfficePage } from '@/client/shell/shell-page';
import { InvoiceScreen } from '@/features/subscription/client/screens/InvoiceScreen';

export default uiBackOfficePage(InvoiceScreen);
