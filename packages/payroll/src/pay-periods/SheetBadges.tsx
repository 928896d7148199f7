import { PayPeriodComputeStatusLabels, type PayPeriodComputeStatus } from '@hcm/contracts/pay-periods';
import { makeStyles, mergeClasses, shorthands, tokens } from '@hcm/ui';
import { usePayPeriodTexts } from './texts.ts';

const useStyles = makeStyles({
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    whiteSpace: 'nowrap',
    borderRadius: tokens.borderRadiusCircular,
    padding: `0 ${tokens.spacingHorizontalS}`,
    minHeight: '20px',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    border: `${tokens.strokeWidthThin} solid transparent`,
  },
  neutral: {
    backgroundColor: tokens.colorNeutralBackground4,
    color: tokens.colorNeutralForeground2,
    ...shorthands.borderColor(tokens.colorNeutralStroke2),
  },
  brand: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    ...shorthands.borderColor(tokens.colorBrandStroke2),
  },
  success: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground2,
    ...shorthands.borderColor(tokens.colorPaletteGreenBorder1),
  },
  warning: {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorPaletteDarkOrangeForeground2,
    ...shorthands.borderColor(tokens.colorPaletteYellowBorder1),
  },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground2,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder1),
  },
});

type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

const COMPUTE_TONES: Readonly<Record<PayPeriodComputeStatus, Tone>> = {
  DRAFT: 'neutral',
  COMPUTING: 'brand',
  COMPUTED: 'success',
  COMPUTED_WITH_ERRORS: 'warning',
  INTERRUPTED: 'danger',
};

/** A status as a small coloured pill with its name (the kit's badge colours, text never colour alone). */
function ToneBadge({ tone, text }: { tone: Tone; text: string }) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.badge, styles[tone])} data-tone={tone}>
      {text}
    </span>
  );
}

/** A sheet's computation status (Chưa tính, Đang tính, Đã tính, Đã tính có lỗi, Tính dở dang). */
export function ComputeStatusBadge({ status }: { status: string }) {
  const { english } = usePayPeriodTexts();
  const known = status in COMPUTE_TONES ? (status as PayPeriodComputeStatus) : null;
  if (!known) return <ToneBadge tone="neutral" text={status} />;
  const words = PayPeriodComputeStatusLabels[known];
  return <ToneBadge tone={COMPUTE_TONES[known]} text={english ? words.en : words.vi} />;
}

/** "Đã khoá" for a locked sheet; nothing otherwise. */
export function LockedBadge({ lockedAt }: { lockedAt: unknown }) {
  const { text } = usePayPeriodTexts();
  return lockedAt ? <ToneBadge tone="neutral" text={text('lockedBadge')} /> : null;
}
