export { useBrowserLocation as useAdminLocation } from '@hcm/ui';
