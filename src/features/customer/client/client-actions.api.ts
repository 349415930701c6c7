import { api } from '@/client/api/api';

/** « Envoyer un rappel »: the client's ardoise by SMS (counted in the plan's SMS). */
export const clientActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendClientReminder: build.mutation<
      { phone: string; balance: number },
      { shopId: string; clientId: string }
    >({
      query: (body) => ({ url: '/api/client/sendReminder', method: 'POST', data: body }),
    }),
  }),
});

export const { useSendClientReminderMutation } = clientActionsApi;
