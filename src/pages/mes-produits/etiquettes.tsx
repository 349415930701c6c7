import { LabelsScreen } from '@/features/product/client/screens/LabelsScreen';

export default LabelsScreen;
