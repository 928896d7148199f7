import { expect } from '@open-wc/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { organizationUnitContract, type OrganizationUnitNode } from '@hcm/contracts/organization';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addOrganizationDictionary } from '../testing.ts';
import { OrgChart } from './OrgChart.tsx';
import { generatedUnits } from './test-units.ts';
import { MAX_DRAWN } from './viewport.ts';

const BASE = organizationUnitContract.apiPath;
const ALL = ['view', 'create', 'update', 'delete', 'export'].map((action) => `organization_unit.${action}`);

let api: FakeResourceApi;
let units: OrganizationUnitNode[];

const tree = () => screen.getByRole('tree');
const items = () => within(tree()).queryAllByRole('treeitem');
/** A unit's box: named by its name, code and type (u0 is DV00000). */
const box = (name: string) => within(tree()).getByRole('treeitem', { name: new RegExp(`^${name} DV`) });
const frame = () => screen.getByRole('region', { name: /^Khung sơ đồ/ });
const zoomLevel = () => screen.getByRole('status', { name: 'Mức thu phóng' }).textContent;
const worldTransform = () => (frame().firstElementChild as HTMLElement).style.transform;

async function open(count = 5000) {
  units = generatedUnits(count);
  await api.signInWith(ALL);
  renderUi(
    <div style={{ width: '1000px' }}>
      <OrgChart />
    </div>,
  );
  // the boxes are drawn once the frame has been measured
  await within(await screen.findByRole('tree')).findByRole('treeitem', { name: /^Đơn vị 0 DV/ });
}

describe('the organisation chart', () => {
  beforeEach(async () => {
    await prepareUi();
    await addOrganizationDictionary();
    api = new FakeResourceApi([organizationUnitContract]).intercept((call) =>
      call.method === 'GET' && call.path === `${BASE}/find-all-tree`
        ? { status: 200, body: { data: units } }
        : null,
    );
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('draws 5,000 units as a tree of a few boxes: the top open, the second level closed', async () => {
    await open();
    // u0 is the company, its six branches u1…u6 are shown closed, nothing below them
    expect(items().map((item) => item.getAttribute('aria-level'))).to.deep.equal([
      '1',
      '2',
      '2',
      '2',
      '2',
      '2',
      '2',
    ]);
    expect(box('Đơn vị 0').getAttribute('aria-expanded')).to.equal('true');
    expect(box('Đơn vị 1').getAttribute('aria-expanded')).to.equal('false');
    expect(box('Đơn vị 1').getAttribute('aria-posinset')).to.equal('1');
    expect(box('Đơn vị 1').getAttribute('aria-setsize')).to.equal('6');
    expect(tree().getAttribute('aria-label')).to.equal('Sơ đồ tổ chức: 5000 đơn vị đang hoạt động');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows each unit’s leaders and the head count of it and every unit under it', async () => {
    await open(50);
    const everyone = units.reduce((sum, unit) => sum + unit.workerQuantity, 0);
    const top = box('Đơn vị 0');
    expect(top.textContent).to.contain('Lãnh đạo: Trưởng đơn vị 0');
    expect(top.textContent).to.contain(`${everyone} người`);
    const under = (id: string): OrganizationUnitNode[] =>
      units.filter((unit) => unit.parentId === id).flatMap((unit) => [unit, ...under(unit.id)]);
    const own = units.find((unit) => unit.id === 'u1')?.workerQuantity ?? 0;
    const branch = under('u1').reduce((sum, unit) => sum + unit.workerQuantity, own);
    expect(branch).to.be.greaterThan(own);
    expect(box('Đơn vị 1').textContent).to.contain(`${branch} người`);
    expect(box('Đơn vị 1').textContent).not.to.contain('Lãnh đạo');
  });

  it('opens and closes a unit with the button showing how many units are under it', async () => {
    await open(50);
    // u2's six children u13…u18 have none of their own among 50 units
    const toggle = screen.getByRole('button', { name: 'Mở 6 đơn vị trực thuộc của Đơn vị 2' });
    expect(toggle.textContent).to.equal('+ 6');
    await userEvent.click(toggle);
    await waitFor(() => expect(box('Đơn vị 13').getAttribute('aria-level')).to.equal('3'));
    expect(box('Đơn vị 2').getAttribute('aria-expanded')).to.equal('true');
    await userEvent.click(screen.getByRole('button', { name: 'Thu gọn 6 đơn vị trực thuộc của Đơn vị 2' }));
    await waitFor(() =>
      expect(within(tree()).queryByRole('treeitem', { name: /^Đơn vị 13 DV/ })).to.equal(null),
    );
  });

  it('zooms with its buttons, Ctrl + wheel and "fit to screen", and shows the level', async () => {
    await open(50);
    const before = zoomLevel();
    await userEvent.click(screen.getByRole('button', { name: 'Phóng to' }));
    const zoomedIn = Number(zoomLevel()?.replace('%', ''));
    expect(zoomedIn).to.be.greaterThan(Number(before?.replace('%', '')));
    await userEvent.click(screen.getByRole('button', { name: 'Thu nhỏ' }));
    await userEvent.click(screen.getByRole('button', { name: 'Thu nhỏ' }));
    expect(Number(zoomLevel()?.replace('%', ''))).to.be.lessThan(zoomedIn);
    const rect = frame().getBoundingClientRect();
    const wheel = { ctrlKey: true, deltaY: -200, clientX: rect.left + 100, clientY: rect.top + 100 };
    const levelBefore = Number(zoomLevel()?.replace('%', ''));
    fireEvent.wheel(frame(), wheel);
    await waitFor(() => expect(Number(zoomLevel()?.replace('%', ''))).to.be.greaterThan(levelBefore));
    await userEvent.click(screen.getByRole('button', { name: 'Vừa màn hình' }));
    // the company and its six branches, side by side, all inside the frame
    const inside = frame().getBoundingClientRect();
    await waitFor(() => {
      for (const item of items()) {
        const place = item.getBoundingClientRect();
        expect(place.left).to.be.at.least(inside.left);
        expect(place.right).to.be.at.most(inside.right);
      }
    });
    expect(Number(zoomLevel()?.replace('%', ''))).to.be.lessThan(100);
  });

  it('pans by dragging and by the arrow keys on the frame, and a drag over a unit does not open it', async () => {
    await open(50);
    const start = worldTransform();
    const company = box('Đơn vị 0');
    const at = company.getBoundingClientRect();
    const pointer = { pointerId: 1, pointerType: 'mouse', button: 0, buttons: 1 };
    fireEvent.pointerDown(company, { ...pointer, clientX: at.left + 20, clientY: at.top + 20 });
    fireEvent.pointerMove(company, { ...pointer, clientX: at.left + 80, clientY: at.top + 60 });
    fireEvent.pointerUp(company, { ...pointer, clientX: at.left + 80, clientY: at.top + 60 });
    fireEvent.click(company);
    await waitFor(() => expect(worldTransform()).to.not.equal(start));
    expect(window.location.pathname).to.not.contain('/detail');
    const dragged = worldTransform();
    frame().focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(worldTransform()).to.not.equal(dragged);
    const match = /translate\((-?[\d.]+)px/.exec(worldTransform());
    const previous = /translate\((-?[\d.]+)px/.exec(dragged);
    expect(Number(match?.[1]) - Number(previous?.[1])).to.equal(80);
  });

  it('finds a unit five levels down: its ancestors open, it is marked and centred', async () => {
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Tìm đơn vị' }), 'Đơn vị 4999');
    await user.click(await screen.findByRole('option', { name: 'Đơn vị 4999 (DV04999)' }));
    const found = await within(tree()).findByRole('treeitem', { name: /^Đơn vị 4999 DV/ });
    await waitFor(() => expect(found.getAttribute('aria-current')).to.equal('true'));
    expect(found.getAttribute('aria-level')).to.equal('6');
    // u4999's parent is u833, then u138 (u22, u3 and u0 are open too, outside the frame)
    for (const ancestor of ['Đơn vị 833', 'Đơn vị 138'])
      expect(box(ancestor).getAttribute('aria-expanded')).to.equal('true');
    // windowing: the frame shows a few dozen boxes, never the thousands laid out
    expect(items().length).to.be.lessThan(MAX_DRAWN);
    const middle = frame().getBoundingClientRect();
    const place = found.getBoundingClientRect();
    expect(Math.abs(place.left + place.width / 2 - (middle.left + middle.width / 2))).to.be.lessThan(2);
  });

  it('shows a unit just created, deep under a closed branch, opened up to and focused (?unit=)', async () => {
    const before = window.location.href;
    // the create form sends the user back to the chart at ?unit=<the new unit>
    window.history.replaceState(null, '', `${window.location.pathname}?unit=u4999`);
    try {
      units = generatedUnits(5000);
      await api.signInWith(ALL);
      renderUi(
        <div style={{ width: '1000px' }}>
          <OrgChart />
        </div>,
      );
      const created = await within(await screen.findByRole('tree')).findByRole('treeitem', {
        name: /^Đơn vị 4999 DV/,
      });
      for (const ancestor of ['Đơn vị 833', 'Đơn vị 138'])
        expect(box(ancestor).getAttribute('aria-expanded')).to.equal('true');
      await waitFor(() => expect(document.activeElement).to.equal(created));
      const middle = frame().getBoundingClientRect();
      const place = created.getBoundingClientRect();
      expect(Math.abs(place.left + place.width / 2 - (middle.left + middle.width / 2))).to.be.lessThan(2);
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('walks the tree by keyboard: arrows move, Right opens, Left closes and goes up, Enter opens the detail page', async () => {
    await open(50);
    const user = userEvent.setup();
    box('Đơn vị 0').focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).to.equal(box('Đơn vị 1')));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(box('Đơn vị 1').getAttribute('aria-expanded')).to.equal('true'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).to.equal(box('Đơn vị 7')));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).to.equal(box('Đơn vị 1')));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(box('Đơn vị 1').getAttribute('aria-expanded')).to.equal('false'));
    // one tab stop in the tree (roving focus)
    expect(items().filter((item) => item.tabIndex === 0)).to.deep.equal([box('Đơn vị 1')]);
    await user.keyboard('{Enter}');
    expect(window.location.pathname).to.equal(`${organizationUnitContract.route}/u1/detail`);
  });

  it('moves a unit through the dialog, and shows the server refusing a loop on the picker', async () => {
    await open(50);
    api.seed(organizationUnitContract, 1);
    const stored = api.records(organizationUnitContract)[0];
    if (stored) stored.id = 'u7';
    api.intercept((call) =>
      call.method === 'POST' && call.path === `${BASE}/u7/update`
        ? {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: 'Invalid input',
              errors: [{ field: 'parentId', code: FieldErrorKeys.invalidValue, message: 'own ancestor' }],
            },
          }
        : null,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mở 13 đơn vị trực thuộc của Đơn vị 1' }));
    await user.click(await screen.findByRole('button', { name: 'Thao tác với Đơn vị 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Chuyển sang đơn vị khác' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chuyển đơn vị Đơn vị 7' });
    // the unit itself and the units under it are not offered
    await user.type(within(dialog).getByRole('combobox', { name: /^Đơn vị cấp trên mới/ }), 'Đơn vị 4');
    const offered = (await within(dialog).findAllByRole('option')).map((option) => option.textContent);
    expect(offered).to.include('Đơn vị 4 (DV00004)');
    expect(offered.some((text) => text?.startsWith('Đơn vị 43 '))).to.equal(false);
    await user.click(within(dialog).getByRole('option', { name: 'Đơn vị 4 (DV00004)' }));
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);
    await user.click(within(dialog).getByRole('button', { name: 'Chuyển' }));
    await within(dialog).findByText(
      'Không thể chuyển: Không thể chuyển một đơn vị vào chính nó hoặc vào đơn vị trực thuộc của nó.',
    );
    expect(api.callsTo('POST', `${BASE}/u7/update`).map((call) => call.body)).to.deep.equal([
      { parentId: 'u4', version: 1 },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });
});
