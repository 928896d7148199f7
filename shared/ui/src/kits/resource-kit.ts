/** Generic resource pages (list, form, detail) drawn from a contract: a lazy chunk of @hcm/ui. */
export * from '../resource/index.ts';
