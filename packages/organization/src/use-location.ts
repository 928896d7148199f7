export { useBrowserLocation as useOrganizationLocation } from '@hcm/ui';
