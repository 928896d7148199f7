/**
 * Vietnam's statutory payroll rules as dated data (docs/payroll-statutory.md): the parameters,
 * region wages and income-tax bands, the default components and template, the value in force on a
 * day, the exact reference functions, and the new tenant's parameter seed.
 */
export * from './data/index.ts';
export * from './in-force.ts';
export * from './reference.ts';
export { statutoryParameterRows, statutoryParameters, type ParameterBody } from './seed.ts';
