import { backOfficePage } from '@/client/shell/back-office-page';
import { LabelsScreen } from '@/features/product/client/screens/LabelsScreen';

export default backOfficePage(LabelsScreen);
