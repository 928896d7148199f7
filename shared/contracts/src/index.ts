export * from './api-paths.ts';
export * from './envelope.ts';
export * from './error-codes.ts';
export * from './headers.ts';
export * from './limits.ts';
export * from './enums.ts';
export * from './iam.ts';
export * from './health.ts';
