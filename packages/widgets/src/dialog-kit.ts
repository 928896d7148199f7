import { loadDialogKit } from '@hcm/ui';

// The widgets' dialogs are made of @hcm/ui's dialog kit, the portal's one copy of Fluent's
// dialog, loaded when a dialog is first shown. One promise for all of them: React's use() must
// be handed the same promise on every render, and loadDialogKit makes a new one per call.
let kit: ReturnType<typeof loadDialogKit> | null = null;
export const dialogKit = () => (kit ??= loadDialogKit());
