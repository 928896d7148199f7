export { reportNavigationError } from '@hcm/ui';
