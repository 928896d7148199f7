import { memo } from 'react';
import type { OrganizationUnitNode } from '@hcm/contracts/organization';
import {
  Authorized,
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  WorkerAvatar,
} from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import type { PlacedUnit } from './layout.ts';
import { useChartStyles } from './chart-styles.ts';

/** What a user may do to a unit from its box (each hidden without its authority). */
export type UnitAction = 'detail' | 'addChild' | 'edit' | 'move' | 'deactivate';

export interface ChartNodeProps {
  unit: OrganizationUnitNode;
  place: PlacedUnit;
  typeLabel: string;
  /** how many units are under it, at every level */
  below: number;
  /** the workers working in it and in the units under it */
  headCount: number;
  hasChildren: boolean;
  expanded: boolean;
  /** the tree's one tab stop (roving focus) */
  tabbable: boolean;
  highlighted: boolean;
  setSize: number;
  posInSet: number;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  onAction: (id: string, action: UnitAction) => void;
  onFocusUnit: (id: string) => void;
}

/**
 * One unit's box in the chart: name, code and type. A treeitem of the chart's tree: its level,
 * place among its siblings and open state are told to screen readers, its name is what it shows.
 * Its buttons are drawn over it by {@link ChartNodeControls}, outside the tree (a tree holds only
 * tree items, and a tree item's name must be the text it shows).
 *
 * Its footer shows its leaders (avatars with initials, the first few, named in full for screen
 * readers) and its head count, the unit's and every unit's below it.
 */
export const ChartNode = memo(function ChartNode({
  unit,
  place,
  typeLabel,
  below,
  headCount,
  hasChildren,
  expanded,
  tabbable,
  highlighted,
  setSize,
  posInSet,
  onOpen,
  onFocusUnit,
}: ChartNodeProps) {
  const { t } = useOrganizationTranslation();
  const styles = useChartStyles();
  const nameId = `org-unit-name-${unit.id}`;
  const metaId = `org-unit-meta-${unit.id}`;
  const belowId = `org-unit-below-${unit.id}`;
  const names = unit.leaders.map((leader) => leader.fullName).join(', ');
  return (
    <div
      id={`org-unit-${unit.id}`}
      role="treeitem"
      aria-level={place.depth + 1}
      aria-setsize={setSize}
      aria-posinset={posInSet}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-describedby={hasChildren ? belowId : undefined}
      aria-current={highlighted ? 'true' : undefined}
      data-unit-id={unit.id}
      tabIndex={tabbable ? 0 : -1}
      className={`${styles.node} ${styles[`type_${unit.typeCode}`]} ${highlighted ? styles.highlighted : ''}`}
      style={{ transform: `translate(${place.x}px, ${place.y}px)` }}
      onClick={() => onOpen(unit.id)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusUnit(unit.id);
      }}
    >
      {/* named by its content: name, code and type (the buttons are drawn outside it) */}
      <span id={nameId} className={styles.nodeName} title={unit.name}>
        {unit.name}
      </span>{' '}
      <span id={metaId} className={styles.nodeMeta}>
        <span className={styles.nodeCode}>{unit.code}</span>{' '}
        <span className={styles.nodeType}>{typeLabel}</span>
      </span>
      {hasChildren && (
        <span id={belowId} hidden>
          {t('chart.below', { count: below })}
        </span>
      )}
      <span className={styles.nodeFooter}>
        <span className={styles.leaders}>
          {unit.leaders.map((leader) => (
            <WorkerAvatar
              key={leader.workerId}
              size={20}
              name={leader.fullName}
              gender={leader.gender}
              avatarId={leader.avatarId}
              decorative
              title={`${leader.fullName} (${leader.positionName})`}
            />
          ))}
          <span className={styles.leaderNames}>
            {unit.leaders.length === 0
              ? ''
              : unit.leaderCount > unit.leaders.length
                ? t('chart.leadersAndMore', { names, count: unit.leaderCount - unit.leaders.length })
                : t('chart.leaders', { names })}
          </span>
        </span>{' '}
        <span className={styles.headCount}>{t('chart.headCount', { count: headCount })}</span>
      </span>
    </div>
  );
});

/**
 * The buttons of a unit's box, drawn over it: its actions menu and the button that opens or
 * closes the units under it, with their number. Reached by Tab from the focused unit only.
 */
export const ChartNodeControls = memo(function ChartNodeControls({
  unit,
  place,
  below,
  hasChildren,
  expanded,
  tabbable,
  onToggle,
  onAction,
}: Pick<
  ChartNodeProps,
  'unit' | 'place' | 'below' | 'hasChildren' | 'expanded' | 'tabbable' | 'onToggle' | 'onAction'
>) {
  const { t } = useOrganizationTranslation();
  const styles = useChartStyles();
  const inner = tabbable ? 0 : -1;
  return (
    <div className={styles.controls} style={{ transform: `translate(${place.x}px, ${place.y}px)` }}>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            size="small"
            className={styles.nodeMenu}
            tabIndex={inner}
            aria-label={t('chart.actions', { name: unit.name })}
          >
            ⋯
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={() => onAction(unit.id, 'detail')}>{t('chart.detail')}</MenuItem>
            <Authorized anyOf="organization_unit.create">
              <MenuItem onClick={() => onAction(unit.id, 'addChild')}>{t('chart.addChild')}</MenuItem>
            </Authorized>
            <Authorized anyOf="organization_unit.update">
              <MenuItem onClick={() => onAction(unit.id, 'edit')}>{t('chart.edit')}</MenuItem>
              <MenuItem onClick={() => onAction(unit.id, 'move')}>{t('chart.move')}</MenuItem>
              <MenuItem onClick={() => onAction(unit.id, 'deactivate')}>{t('chart.deactivate')}</MenuItem>
            </Authorized>
          </MenuList>
        </MenuPopover>
      </Menu>
      {hasChildren && (
        <button
          type="button"
          className={styles.toggle}
          tabIndex={inner}
          aria-expanded={expanded}
          aria-label={t(expanded ? 'chart.collapse' : 'chart.expand', { count: below, name: unit.name })}
          onClick={() => onToggle(unit.id)}
        >
          {expanded ? '−' : '+'} {below}
        </button>
      )}
    </div>
  );
});
