import { loadResourceKit } from '@hcm/ui';

// Fluent's tabs and badge come with @hcm/ui's resource kit, the chunk of the pages they sit on.
// One promise for every component: React's use() must be handed the same one on each render.
let kit: ReturnType<typeof loadResourceKit> | null = null;
export const resourceKit = () => (kit ??= loadResourceKit());
