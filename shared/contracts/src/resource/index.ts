/**
 * @hcm/contracts/resource: the machinery of resource contracts (fields, labels, the contract,
 * its schemas). A subpath of its own so that the sign-in page, which loads @hcm/contracts, does
 * not carry it; the micro-apps and the server import it.
 */
export * from './label.ts';
export * from './titles.ts';
export * from './fields.ts';
export * from './contract.ts';
export * from './field-schema.ts';
export * from './shape.ts';
export * from './units.ts';
export * from './display-name.ts';
export * from './numbering.ts';
export * from './history.ts';
export * from './range-params.ts';
