// The profile schemas live in @hcm/contracts; re-exported here so the routes read locally.
export { Profile as ProfileResponse, UpdateProfileBody } from '@hcm/contracts';
