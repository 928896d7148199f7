import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '@hcm/i18n';
import { RESOURCE_NAMESPACE } from '@hcm/contracts/resource';
import { organizationUnitContract, type OrganizationUnitNode } from '@hcm/contracts/organization';
import {
  Button,
  Caption1,
  Field,
  MessageBar,
  MessageBarBody,
  confirmAction,
  goTo,
  notify,
  resourceRoutes,
} from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import { ChartNode, ChartNodeControls, type UnitAction } from './ChartNode.tsx';
import { useChartStyles } from './chart-styles.ts';
import { layoutTree, type ChartLayout } from './layout.ts';
import { MoveUnitDialog } from './MoveUnitDialog.tsx';
import { unitApi } from './unit-api.ts';
import { UnitPicker } from './UnitPicker.tsx';
import {
  ancestorsOf,
  buildUnitTree,
  childrenOf,
  expandPathTo,
  initiallyExpanded,
  shownUnits,
  type UnitTree,
} from './unit-tree.ts';
import { usePanZoom } from './use-pan-zoom.ts';
import { bringIntoView, centreOn, drawnFor, fitView, zoomAt, type Size, type View } from './viewport.ts';

const routes = resourceRoutes(organizationUnitContract);

interface Wanted {
  id: string;
  centre: boolean;
  focus: boolean;
  /** its ancestors are open */
  opened: boolean;
  /** the units it must not be shown in (those before a move), or null */
  after: readonly OrganizationUnitNode[] | null;
}

/** The whole chart when it fits at a readable size, else its top unit at the top, centred. */
function firstView(layout: ChartLayout, tree: UnitTree, size: Size): View {
  const fit = fitView(layout, size);
  const top = tree.roots[0];
  if (fit.scale >= 0.7 || !top) return fit;
  return { ...centreOn({ x: 0, y: 0, scale: 0.8 }, layout, top, size), y: 24 };
}
const typeLabels = organizationUnitContract.fields.typeCode.valueLabels;
const PAN_STEP = 80;
const ZOOM_STEP = 1.25;

export interface ChartCanvasProps {
  units: readonly OrganizationUnitNode[];
  /** the units changed on the server (moved, deactivated): read them again */
  onChanged: () => Promise<void>;
  /** a unit to show opened up to, centred and focused (a unit just created: `?unit=` of the chart) */
  initialUnit?: string | null;
}

/**
 * The organisation chart: the units' tree laid out once per shape (tree and open units), of
 * which only the boxes in the frame are drawn. Pan, zoom, open and close, find; keyboard: arrows
 * on the frame pan it, on a unit walk the tree (a WAI-ARIA tree, roving focus).
 */
export function ChartCanvas({ units, onChanged, initialUnit = null }: ChartCanvasProps) {
  const { t } = useOrganizationTranslation();
  const { t: labelText, i18n } = useTranslation(RESOURCE_NAMESPACE);
  const styles = useChartStyles();
  const tree = useMemo(() => buildUnitTree(units), [units]);
  // a unit asked for by the address (one just created) is shown: its ancestors open
  const shownFirst = initialUnit && tree.units.has(initialUnit) ? initialUnit : null;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() =>
    shownFirst ? expandPathTo(tree, initiallyExpanded(tree), shownFirst) : initiallyExpanded(tree),
  );
  const layout = useMemo(() => layoutTree(tree, expanded), [tree, expanded]);
  const order = useMemo(() => shownUnits(tree, expanded), [tree, expanded]);
  const frameRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [placed, setPlaced] = useState<View | null>(null);
  const [focused, setFocused] = useState<string | null>(shownFirst ?? tree.roots[0] ?? null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  /** a unit asked for (found, moved, reached by keyboard): shown once laid out, then focused */
  const [wanted, setWanted] = useState<Wanted | null>(() =>
    shownFirst ? { id: shownFirst, centre: true, focus: true, opened: true, after: null } : null,
  );
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);

  // the layout the first view shows, kept: opening a unit does not move the chart under the cursor
  const [firstLayout] = useState(layout);
  // Until the user moves it: the whole chart when it fits at a readable size, else its top centred.
  const view = useMemo(
    () => placed ?? (size ? firstView(firstLayout, tree, size) : { x: 0, y: 0, scale: 1 }),
    [placed, size, firstLayout, tree],
  );
  const setView = useCallback(
    (update: (current: View) => View) => setPlaced((current) => update(current ?? view)),
    [view],
  );
  const { dragging, wasDrag, handlers } = usePanZoom(frameRef, setView);

  // the frame's size, followed
  useLayoutEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Adjusting state while rendering (React's pattern for state that follows other state): open
  // the ancestors of a wanted unit in the tree it was asked in (after a move: the tree read
  // again), then move the view to it once the layout holds it.
  if (wanted && wanted.after !== units) {
    if (!wanted.opened) {
      setExpanded(expandPathTo(tree, expanded, wanted.id));
      setWanted({ ...wanted, opened: true });
    } else if (size && layout.byId.has(wanted.id)) {
      setWanted(null);
      setPlaced(
        wanted.centre
          ? centreOn(view, layout, wanted.id, size)
          : bringIntoView(view, layout, wanted.id, size),
      );
      if (wanted.focus) setFocusRequest({ id: wanted.id });
    }
  }

  useEffect(() => {
    if (focusRequest) document.getElementById(`org-unit-${focusRequest.id}`)?.focus({ preventScroll: true });
  }, [focusRequest]);

  // the tree's tab stop: the focused unit while it is shown, else the first
  const tabStop = focused && layout.byId.has(focused) ? focused : (tree.roots[0] ?? null);

  const drawn = useMemo(
    () => (size ? drawnFor(layout, view, size, { keep: tabStop ? [tabStop] : [] }) : null),
    [layout, view, size, tabStop],
  );

  const toggle = useCallback((id: string) => {
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  /** Shows a unit: `after` the units array it must not be shown in (the one before a move). */
  const reveal = useCallback(
    (
      id: string,
      options: { centre: boolean; focus: boolean },
      after: readonly OrganizationUnitNode[] | null = null,
    ) => {
      setFocused(id);
      setWanted({ id, ...options, opened: false, after });
    },
    [],
  );

  const open = useCallback(
    (id: string) => {
      if (!wasDrag()) goTo(routes.detail(id));
    },
    [wasDrag],
  );

  const act = useCallback(
    (id: string, action: UnitAction) => {
      const unit = tree.units.get(id);
      if (!unit) return;
      switch (action) {
        case 'detail':
          goTo(routes.detail(id));
          return;
        case 'addChild':
          goTo(`${routes.create}?parentId=${encodeURIComponent(id)}`);
          return;
        case 'edit':
          goTo(routes.update(id));
          return;
        case 'move':
          setMoving(id);
          return;
        case 'deactivate':
          void confirmAction({ kind: 'deactivate', itemName: unit.name }).then(async (yes) => {
            if (!yes) return;
            await unitApi.deactivate(id);
            void notify.success(t('chart.deactivated', { name: unit.name }));
            await onChanged();
          });
      }
    },
    [onChanged, t, tree],
  );

  const onFocusUnit = useCallback((id: string) => setFocused(id), []);

  const moveFocus = (id: string | undefined) => {
    if (id) reveal(id, { centre: false, focus: true });
  };

  const onTreeKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = (event.target as Element).closest('[role="treeitem"]');
    const id = item?.getAttribute('data-unit-id');
    if (!id || item !== event.target) return;
    const shown = order;
    const index = shown.indexOf(id);
    const kids = childrenOf(tree, id);
    const parent = ancestorsOf(tree, id).at(-1);
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        return moveFocus(shown[index + 1]);
      case 'ArrowUp':
        handled();
        return moveFocus(shown[index - 1]);
      case 'ArrowRight':
        handled();
        if (kids.length === 0) return;
        if (!expanded.has(id)) return toggle(id);
        return moveFocus(kids[0]);
      case 'ArrowLeft':
        handled();
        if (expanded.has(id)) return toggle(id);
        return moveFocus(parent);
      case 'Home':
        handled();
        return moveFocus(shown[0]);
      case 'End':
        handled();
        return moveFocus(shown.at(-1));
      case 'Enter':
        handled();
        return goTo(routes.detail(id));
    }
  };

  const onFrameKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !size) return;
    const centre = { x: size.width / 2, y: size.height / 2 };
    const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(PAN_STEP, 0),
      ArrowRight: () => pan(-PAN_STEP, 0),
      ArrowUp: () => pan(0, PAN_STEP),
      ArrowDown: () => pan(0, -PAN_STEP),
      '+': () => setView((v) => zoomAt(v, ZOOM_STEP, centre)),
      '=': () => setView((v) => zoomAt(v, ZOOM_STEP, centre)),
      '-': () => setView((v) => zoomAt(v, 1 / ZOOM_STEP, centre)),
      '0': () => setPlaced(fitView(layout, size)),
    };
    const run = keys[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  };

  const zoomBy = (factor: number) =>
    size && setView((v) => zoomAt(v, factor, { x: size.width / 2, y: size.height / 2 }));

  const typeLabel = (code: OrganizationUnitNode['typeCode']) => {
    const label = typeLabels[code];
    return label
      ? labelText(label.key, { defaultValue: i18n.language === 'en' ? label.en : label.vi })
      : code;
  };

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Field label={t('chart.search')} className={styles.search}>
          <UnitPicker
            tree={tree}
            placeholder={t('chart.searchPlaceholder')}
            onPick={(id) => {
              setHighlighted(id);
              reveal(id, { centre: true, focus: false });
            }}
          />
        </Field>
        <div className={styles.zoom} role="group" aria-label={t('chart.zoomLevel')}>
          <Button
            className={styles.zoomStep}
            aria-label={t('chart.zoomOut')}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
          >
            −
          </Button>
          <output className={styles.zoomLevel} aria-label={t('chart.zoomLevel')} aria-live="polite">
            {Math.round(view.scale * 100)}%
          </output>
          <Button
            className={styles.zoomStep}
            aria-label={t('chart.zoomIn')}
            onClick={() => zoomBy(ZOOM_STEP)}
          >
            +
          </Button>
          <Button className={styles.fit} onClick={() => size && setPlaced(fitView(layout, size))}>
            {t('chart.fit')}
          </Button>
        </div>
      </div>
      <Caption1 className={styles.help}>{t('chart.help')}</Caption1>
      <div
        ref={frameRef}
        className={`${styles.frame} ${dragging ? styles.dragging : ''}`}
        tabIndex={0}
        role="region"
        aria-label={t('chart.frame')}
        onKeyDown={onFrameKey}
        {...handlers}
      >
        <div
          className={styles.world}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          <svg className={styles.lines} width={1} height={1} aria-hidden="true" focusable="false">
            {drawn?.connectors.map((line) => (
              <polyline
                key={`${line.from}>${line.to}`}
                className={styles.line}
                points={line.points.map(([x, y]) => `${x},${y}`).join(' ')}
              />
            ))}
          </svg>
          <div
            role="tree"
            aria-label={t('chart.tree', { count: tree.depth.size })}
            className={styles.tree}
            onKeyDown={onTreeKey}
          >
            {drawn?.units.map((place) => {
              const unit = tree.units.get(place.id);
              if (!unit) return null;
              const siblings =
                unit.parentId && tree.units.has(unit.parentId) ? childrenOf(tree, unit.parentId) : tree.roots;
              return (
                <ChartNode
                  key={place.id}
                  unit={unit}
                  place={place}
                  typeLabel={typeLabel(unit.typeCode)}
                  below={tree.below.get(place.id) ?? 0}
                  headCount={tree.headCount.get(place.id) ?? 0}
                  hasChildren={childrenOf(tree, place.id).length > 0}
                  expanded={expanded.has(place.id)}
                  tabbable={place.id === tabStop}
                  highlighted={place.id === highlighted}
                  setSize={siblings.length}
                  posInSet={siblings.indexOf(place.id) + 1}
                  onToggle={toggle}
                  onOpen={open}
                  onAction={act}
                  onFocusUnit={onFocusUnit}
                />
              );
            })}
          </div>
          {/* the boxes' buttons, over them and after the tree: Tab from a unit reaches its own */}
          <div className={styles.tree}>
            {drawn?.units.map((place) => {
              const unit = tree.units.get(place.id);
              if (!unit) return null;
              return (
                <ChartNodeControls
                  key={place.id}
                  unit={unit}
                  place={place}
                  below={tree.below.get(place.id) ?? 0}
                  hasChildren={childrenOf(tree, place.id).length > 0}
                  expanded={expanded.has(place.id)}
                  tabbable={place.id === tabStop}
                  onToggle={toggle}
                  onAction={act}
                />
              );
            })}
          </div>
        </div>
        {drawn && drawn.leftOut > 0 && (
          <MessageBar intent="info" className={styles.notice}>
            <MessageBarBody>{t('chart.tooMany', { shown: drawn.units.length })}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {moving && (
        <MoveUnitDialog
          tree={tree}
          unitId={moving}
          onClose={() => setMoving(null)}
          onMoved={(id, parentId) => {
            setMoving(null);
            const unit = tree.units.get(id);
            const parent = parentId ? tree.units.get(parentId) : undefined;
            void notify.success(
              parent
                ? t('chart.moved', { name: unit?.name ?? '', parent: parent.name })
                : t('chart.movedToTop', { name: unit?.name ?? '' }),
            );
            setHighlighted(id);
            reveal(id, { centre: true, focus: true }, units);
            void onChanged();
          }}
        />
      )}
    </div>
  );
}
