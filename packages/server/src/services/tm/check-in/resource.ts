import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { checkInSettingsContract } from '@hcm/contracts/check-in';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { parseNetwork } from './networks.ts';
import { tmCheckInLocations, tmCheckInNetworks, tmCheckInSettings } from './tables.ts';

type Row = Record<string, unknown>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/**
 * What the contract's types cannot say alone: a location's point on the Earth (latitude −90…90,
 * longitude −180…180) and a network that is an address or a CIDR range. Errors in the envelope,
 * nothing written.
 */
export function checkSettings(settings: Row): void {
  const problems: FieldError[] = [];
  rowsOf(settings.locations).forEach((location, index) => {
    const latitude = Number(location.latitude);
    const longitude = Number(location.longitude);
    if (!(Math.abs(latitude) <= 90))
      problems.push({
        field: `locations[${index}].latitude`,
        code: FieldErrorKeys.max,
        message: 'a latitude from -90 to 90',
        params: { required: 90, actual: String(location.latitude) },
      });
    if (!(Math.abs(longitude) <= 180))
      problems.push({
        field: `locations[${index}].longitude`,
        code: FieldErrorKeys.max,
        message: 'a longitude from -180 to 180',
        params: { required: 180, actual: String(location.longitude) },
      });
  });
  rowsOf(settings.networks).forEach((network, index) => {
    if (parseNetwork(String(network.address ?? '')) === null)
      problems.push({
        field: `networks[${index}].address`,
        code: FieldErrorKeys.invalidValue,
        message: 'an IPv4 or IPv6 address, or a CIDR range such as 203.113.10.0/24',
      });
  });
  if (problems.length > 0)
    throw validationFailed(problems, `The check-in settings are not valid: ${problems[0]?.message}`);
}

/** Timekeeping › check-in settings bound to migration 0061's tables (docs/check-in.md). */
export const checkInSettingsResource = bindResource(checkInSettingsContract, {
  table: tmCheckInSettings,
  references: { organizationUnitId: organizationUnits },
  children: {
    locations: {
      table: tmCheckInLocations,
      parent: tmCheckInLocations.settingsId,
      order: tmCheckInLocations.position,
    },
    networks: {
      table: tmCheckInNetworks,
      parent: tmCheckInNetworks.settingsId,
      order: tmCheckInNetworks.position,
    },
  },
  hooks: {
    validate: (_context, changes, before) => {
      checkSettings(before ? { ...before, ...changes } : changes);
    },
  },
});
