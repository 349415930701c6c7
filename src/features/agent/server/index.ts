import type { Route } from '@/server/http/define-route';
import {
  getAllAgentsRoute,
  getOneAgentRoute,
  inviteAgentRoute,
  setAgentActiveRoute,
  updateAgentRoleRoute,
  updateMyProfileRoute,
  uploadMyPhotoRoute,
} from './agent.routes';

export const routes: Route[] = [
  getOneAgentRoute,
  getAllAgentsRoute,
  updateMyProfileRoute,
  uploadMyPhotoRoute,
  inviteAgentRoute,
  updateAgentRoleRoute,
  setAgentActiveRoute,
];
