import { uploadMyPhotoRoute } from '@/features/agent/server/agent.routes';

export const config = { api: { bodyParser: false } };
export default uploadMyPhotoRoute.handler;
