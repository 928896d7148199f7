export * from './transitions.ts';
export * from './api.ts';
