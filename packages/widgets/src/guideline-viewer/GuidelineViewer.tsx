import { Suspense, use, useState } from 'react';
import {
  Button,
  DocumentPdfRegular,
  DocumentRegular,
  ImageRegular,
  Spinner,
  Text,
  VideoRegular,
  makeStyles,
  tokens,
} from '@hcm/ui';
import { dialogKit } from '../dialog-kit.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { FilePreview } from './FilePreview.tsx';
import { previewKindOf, type PreviewKind } from './preview-kind.ts';
import { userManualFileUrl, useUserManuals, type UserManual } from './use-user-manuals.ts';

/** core §9: the guideline modal is 520 px wide, its file preview 1000 px. */
const LIST_WIDTH = 520;
const PREVIEW_WIDTH = 1000;

const ICONS: Readonly<Record<PreviewKind, typeof DocumentRegular>> = {
  pdf: DocumentPdfRegular,
  image: ImageRegular,
  video: VideoRegular,
  unsupported: DocumentRegular,
};

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  summary: {
    cursor: 'pointer',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontWeight: tokens.fontWeightSemibold,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}`,
  },
  note: { color: tokens.colorNeutralForeground3 },
  state: { color: tokens.colorNeutralForeground3 },
});

export interface GuidelineViewerProps {
  open: boolean;
  /** the user closed the list (a preview closes back to the list) */
  onClose: () => void;
}

/**
 * The guideline modal (core §2): the active user manuals as collapsible items, each with its
 * file's icon and name; a click on the file opens its preview.
 */
export function GuidelineViewer(props: GuidelineViewerProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <GuidelineDialogs {...props} />
    </Suspense>
  );
}

function GuidelineDialogs({ onClose }: GuidelineViewerProps) {
  const { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } = use(dialogKit());
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const [reads, setReads] = useState(0);
  const manuals = useUserManuals(reads);
  const [previewing, setPreviewing] = useState<UserManual | null>(null);

  return (
    <>
      <Dialog open={previewing === null} onOpenChange={(_, data) => !data.open && onClose()}>
        <DialogSurface style={{ width: LIST_WIDTH, maxWidth: 'calc(100vw - 32px)' }}>
          <DialogBody>
            <DialogTitle>{t('guideline.title')}</DialogTitle>
            <DialogContent>
              {manuals.status === 'loading' ? (
                <Spinner size="small" label={t('guideline.loading')} />
              ) : manuals.status === 'failed' ? (
                <Text role="alert" className={styles.state}>
                  {t('guideline.loadFailed')}{' '}
                  <Button size="small" onClick={() => setReads((n) => n + 1)}>
                    {t('guideline.retry')}
                  </Button>
                </Text>
              ) : manuals.manuals.length === 0 ? (
                <Text className={styles.state}>{t('guideline.empty')}</Text>
              ) : (
                <div className={styles.list}>
                  {manuals.manuals.map((manual) => (
                    <ManualItem key={manual.id} manual={manual} onPreview={() => setPreviewing(manual)} />
                  ))}
                </div>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('guideline.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {previewing ? (
        <Dialog open onOpenChange={(_, data) => !data.open && setPreviewing(null)}>
          <DialogSurface style={{ width: PREVIEW_WIDTH, maxWidth: 'calc(100vw - 32px)' }}>
            <DialogBody>
              <DialogTitle>{previewing.fileInfo?.fileName ?? previewing.title}</DialogTitle>
              <DialogContent>
                <FilePreview
                  url={previewing.file ? userManualFileUrl(previewing.file) : undefined}
                  name={previewing.fileInfo?.fileName ?? previewing.title}
                />
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={() => setPreviewing(null)}>
                  {t('guideline.back')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  );
}

function ManualItem({ manual, onPreview }: { manual: UserManual; onPreview: () => void }) {
  const styles = useStyles();
  const fileName = manual.fileInfo?.fileName ?? manual.title;
  const Icon = ICONS[previewKindOf(fileName, manual.fileInfo?.contentType)];
  return (
    // a native disclosure: keyboard and screen readers know it without help
    <details className={styles.item}>
      <summary className={styles.summary}>{manual.title}</summary>
      <div className={styles.body}>
        <Button appearance="transparent" icon={<Icon />} onClick={onPreview}>
          {fileName}
        </Button>
        {manual.note ? <Text className={styles.note}>{manual.note}</Text> : null}
      </div>
    </details>
  );
}
