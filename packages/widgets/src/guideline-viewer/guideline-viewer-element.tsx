import { flag } from '../elements/attribute-values.ts';
import type { WidgetElementSpec } from '../elements/define-widget.tsx';
import { GuidelineViewer } from './GuidelineViewer.tsx';

/** `<hcm-guideline-viewer open>`: the user manuals; `hcm-close` when the user closes it. */
export const guidelineViewerElement: WidgetElementSpec = {
  tag: 'hcm-guideline-viewer',
  properties: ['apiBase', 'open'],
  render: (values, { element, emit }) => (
    <GuidelineViewer
      open={flag(values.open)}
      onClose={() => {
        element.removeAttribute('open');
        emit('hcm-close', {});
      }}
    />
  ),
};
