import type { Route } from '@/server/http/define-route';
import {
  campaignRoute,
  campaignDiscountsRoute,
  campaignOptionsRoute,
  countSegmentRoute,
  deleteSegmentRoute,
  listCampaignsRoute,
  listSegmentsRoute,
  previewCampaignRoute,
  saveSegmentRoute,
  sendTestSmsRoute,
  startCampaignRoute,
} from './crm.routes';
import { smsInboundRoute } from './sms-inbound';
import { smsStatusRoute } from './sms-status';
import { whatsappWebhookRoute } from './whatsapp-webhook';
import { automationMessagesRoute, listAutomationsRoute, saveAutomationRoute } from './automation.routes';

export const routes: Route[] = [
  listSegmentsRoute,
  countSegmentRoute,
  saveSegmentRoute,
  deleteSegmentRoute,
  startCampaignRoute,
  listCampaignsRoute,
  campaignRoute,
  sendTestSmsRoute,
  previewCampaignRoute,
  campaignDiscountsRoute,
  campaignOptionsRoute,
  listAutomationsRoute,
  saveAutomationRoute,
  automationMessagesRoute,
  smsInboundRoute,
  smsStatusRoute,
  whatsappWebhookRoute,
];
