import {
  CHECK_IN_REFUSED,
  CheckInModes,
  type CheckInMode,
  type CheckInRefusal,
  type CheckInStatus,
} from '@hcm/contracts/check-in';
import { AppError } from '../../../http/errors.ts';
import { distanceMetres } from './geo.ts';
import { inNetwork, parseNetwork } from './networks.ts';

/** A unit's settings in force (its own or an ancestor's), with its locations and networks. */
export interface SettingsInForce {
  /** the unit that holds them */
  readonly unitId: string;
  readonly unitName: string;
  readonly allowLocation: boolean;
  readonly allowNetwork: boolean;
  readonly allowSelfDeclared: boolean;
  readonly maxAccuracyMetres: number;
  readonly locations: readonly { name: string; latitude: number; longitude: number; radiusMetres: number }[];
  readonly networks: readonly { name: string; address: string }[];
}

/** The modes the settings allow, in the contract's order. */
export function modesOf(settings: SettingsInForce | null): CheckInMode[] {
  if (!settings) return [];
  const allowed: Record<CheckInMode, boolean> = {
    LOCATION: settings.allowLocation,
    NETWORK: settings.allowNetwork,
    SELF_DECLARED: settings.allowSelfDeclared,
  };
  return CheckInModes.filter((mode) => allowed[mode]);
}

/** What a check-in attempt brings: the mode tried and its evidence. */
export interface Attempt {
  readonly mode: CheckInMode;
  readonly latitude?: number | undefined;
  readonly longitude?: number | undefined;
  readonly accuracyMetres?: number | undefined;
  /** the request's address as the portal sees it (request.ip: TRUST_PROXY decides whose) */
  readonly clientIp: string;
}

/** The verdict on an attempt that the unit allows. */
export interface Verdict {
  readonly status: Extract<CheckInStatus, 'ACCEPTED' | 'PENDING'>;
  readonly distanceMetres: number | null;
  readonly locationName: string | null;
}

/** 403 CHECK_IN_REFUSED: the reason and its figures in `params`, the English words in `message`. */
export const checkInRefused = (
  reason: CheckInRefusal,
  message: string,
  figures: Readonly<Record<string, string | number>> = {},
) => new AppError(403, CHECK_IN_REFUSED, message, undefined, undefined, { reason, ...figures });

/**
 * Judges an attempt against the settings in force (docs/check-in.md): the mode must be allowed;
 * LOCATION needs an accuracy circle no larger than the unit's maximum and a point within the
 * radius of one of its locations; NETWORK the request's address inside one of its networks;
 * SELF_DECLARED is kept PENDING for the manager. Throws the refusal, naming what was wrong.
 */
export function judgeAttempt(settings: SettingsInForce | null, attempt: Attempt): Verdict {
  const allowed = modesOf(settings);
  if (!settings || allowed.length === 0)
    throw checkInRefused('noSettings', 'The unit does not allow checking in from the web or a phone');
  if (!allowed.includes(attempt.mode))
    throw checkInRefused(
      'modeNotAllowed',
      `The unit does not allow checking in by ${attempt.mode}; allowed: ${allowed.join(', ')}`,
      { mode: attempt.mode, allowed: allowed.join(', ') },
    );
  if (attempt.mode === 'SELF_DECLARED')
    return { status: 'PENDING', distanceMetres: null, locationName: null };
  if (attempt.mode === 'NETWORK') {
    const inside = settings.networks.some((network) => {
      const range = parseNetwork(network.address);
      return range !== null && inNetwork(attempt.clientIp, range);
    });
    if (!inside)
      throw checkInRefused(
        'wrongNetwork',
        `The address ${attempt.clientIp} is not an allowed network of the unit`,
        {
          clientIp: attempt.clientIp,
        },
      );
    return { status: 'ACCEPTED', distanceMetres: null, locationName: null };
  }
  const accuracy = Math.round(attempt.accuracyMetres ?? Number.POSITIVE_INFINITY);
  if (!(accuracy <= settings.maxAccuracyMetres))
    throw checkInRefused(
      'poorAccuracy',
      `The position is only known within ${accuracy} m; the unit needs ${settings.maxAccuracyMetres} m or better`,
      { accuracyMetres: accuracy, maxAccuracyMetres: settings.maxAccuracyMetres },
    );
  if (settings.locations.length === 0) throw checkInRefused('noLocations', 'The unit has no work location');
  const here = { latitude: attempt.latitude ?? 0, longitude: attempt.longitude ?? 0 };
  // the location the worker is most inside of (or least outside of)
  const nearest = settings.locations
    .map((location) => ({ location, distance: Math.round(distanceMetres(here, location)) }))
    .sort((a, b) => a.distance - a.location.radiusMetres - (b.distance - b.location.radiusMetres))[0];
  if (!nearest) throw checkInRefused('noLocations', 'The unit has no work location');
  if (nearest.distance > nearest.location.radiusMetres)
    throw checkInRefused(
      'tooFar',
      `${nearest.distance} m from ${nearest.location.name}, outside the allowed radius of ${nearest.location.radiusMetres} m`,
      {
        distanceMetres: nearest.distance,
        radiusMetres: nearest.location.radiusMetres,
        locationName: nearest.location.name,
      },
    );
  return { status: 'ACCEPTED', distanceMetres: nearest.distance, locationName: nearest.location.name };
}
