/** Every page of one contract through the kit's generic pages (ModuleContractPages of @hcm/ui). */
export { ModuleContractPages as ContractPages } from '@hcm/ui';
