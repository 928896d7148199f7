import { leavePolicyContract } from '@hcm/contracts/leave-policies';
import { ModuleContractPages, goTo, makeStyles, mergeClasses, tokens, useBrowserLocation } from '@hcm/ui';
import { useRequestTexts } from '../requests/texts.ts';
import { leaveRulePages } from './leave-rule-pages.tsx';
import { WORKER_CASE_TEXTS as W } from './worker-case-texts.ts';
import { WorkerCasesTab } from './WorkerCasesTab.tsx';

/** The workers' leave cases, a tab beside the rules' versions. */
export const WORKER_CASES_ROUTE = `${leavePolicyContract.route}/worker-cases`;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  tabs: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  tab: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: '3px solid transparent',
    background: 'none',
    font: 'inherit',
    textAlign: 'start',
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    ':hover': { color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: tokens.colorBrandStroke1,
  },
});

/**
 * Timekeeping › Config › Leave rules (/tm/leave-rules, docs/leave.md): the rules' versions (the
 * kit's generic pages, with "accrue now") and, as a second tab at /tm/leave-rules/worker-cases,
 * the workers whose leave case is not the standard one. The create, detail and update pages of a
 * version are the generic ones, without the tabs.
 */
export default function LeaveRulePages() {
  const styles = useStyles();
  const text = useRequestTexts();
  const { pathname } = useBrowserLocation();
  const path = pathname.replace(/\/+$/, '');
  const onCases = path === WORKER_CASES_ROUTE;
  if (!onCases && path !== leavePolicyContract.route)
    return <ModuleContractPages contract={leavePolicyContract} {...leaveRulePages} />;
  const tabs = [
    { to: leavePolicyContract.route, words: W.rulesTab, current: !onCases },
    { to: WORKER_CASES_ROUTE, words: W.casesTab, current: onCases },
  ];
  return (
    <div className={styles.page}>
      <nav aria-label={text.of(W.tabs)}>
        <ul className={styles.tabs}>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <button
                type="button"
                className={mergeClasses(styles.tab, tab.current && styles.current)}
                aria-current={tab.current ? 'page' : undefined}
                onClick={() => goTo(tab.to)}
              >
                {text.of(tab.words)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {onCases ? (
        <WorkerCasesTab />
      ) : (
        <ModuleContractPages contract={leavePolicyContract} {...leaveRulePages} />
      )}
    </div>
  );
}
