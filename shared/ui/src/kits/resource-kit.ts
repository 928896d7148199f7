/** Generic resource pages (list, form, detail) drawn from a contract: a lazy chunk of @hcm/ui. */
export * from '../resource/index.ts';
// Fluent's tabs and badge for the pages' additions built elsewhere (@hcm/widgets' approval
// status tabs and timeline): the kit is the one copy of them, loaded with the pages they sit on.
export { Badge, Tab, TabList } from '@fluentui/react-components';
