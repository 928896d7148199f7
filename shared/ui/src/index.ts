/**
 * @hcm/ui: the portal's one copy of Fluent UI v9, as a curated list (fluent.ts, icons.ts), and
 * the building blocks made of it. Micro-apps import Fluent only from here.
 */
export * from './fluent.ts';
export * from './icons.ts';
export { HcmProvider, type HcmProviderProps } from './HcmProvider.tsx';
