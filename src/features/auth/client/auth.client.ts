import { http } from '@/client/api/http';
import type { TSignOutEverywhereResult } from '../auth.schemas';

/** Revokes every session of the caller, this browser's included (see SignOutEverywhereCard). */
export async function signOutEverywhere(): Promise<TSignOutEverywhereResult> {
  const response = await http.post<TSignOutEverywhereResult>('/api/session/signOutEverywhere');
  return response.data;
}
