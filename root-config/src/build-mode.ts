/**
 * Whether this is the production build: the build replaces `process.env.NODE_ENV` with the mode
 * it builds in (scripts/build/rollup-options.mjs), so the other branch is dropped from the file.
 */
export const isProductionBuild = (): boolean => process.env.NODE_ENV === 'production';
