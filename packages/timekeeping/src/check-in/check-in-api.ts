import {
  CheckInPaths,
  type CheckInRequest,
  type CheckInRow,
  type CheckInToday,
} from '@hcm/contracts/check-in';
import { ApiError, api } from '@hcm/session';

/** The caller's allowed modes and today's check-ins (GET /api/tm/check-ins/today). */
export const checkInToday = () => api.get<CheckInToday>(CheckInPaths.today, { ignoreError: true });

/** Self-declared check-ins the caller may decide. */
export const pendingCheckIns = () => api.get<CheckInRow[]>(CheckInPaths.pending, { ignoreError: true });

export const decideCheckIn = (id: string, decision: 'confirm' | 'refuse') =>
  api.post<CheckInRow>(CheckInPaths[decision](id), {}, { ignoreError: true });

/** Tries again this many times when no answer came (status 0), with the same key. */
const RETRIES = 2;

/**
 * Checks in with one key for the tap: a phone that lost the answer on a bad connection sends
 * the same key again, and the server answers the check-in it stored (docs/check-in.md).
 */
export async function checkIn(body: Omit<CheckInRequest, 'clientKey'>): Promise<CheckInRow> {
  const request: CheckInRequest = { clientKey: crypto.randomUUID(), ...body };
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.post<CheckInRow>(CheckInPaths.checkIns, request, { ignoreError: true });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0 || attempt >= RETRIES) throw error;
    }
  }
}

/** The browser's position for a check-in by location, or the reason it could not be had. */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: 20_000,
      maximumAge: 0,
    });
  });
}
