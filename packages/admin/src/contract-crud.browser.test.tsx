import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { systemContracts } from '@hcm/contracts/system';
import {
  oneOfEachShape,
  shownValue,
  type AnyResourceContract,
  type FieldContract,
  type ScalarField,
} from '@hcm/contracts/resource';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { downloads, type DownloadedFile } from '../../../shared/ui/src/resource/resource-api.ts';
import { FakeResourceApi } from '../../../shared/ui/src/testing/fake-resource-api.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from './AdminRouter.tsx';
import { ADMIN_PAGES } from './admin-pages.ts';
import { DRAWN_CONTRACTS } from './drawn-contracts.ts';

/**
 * Generated from the contracts: one contract of each shape the admin app draws with the generic
 * pages (contracts of one shape differ only in names and labels: same fields, same code) is
 * walked through its screens as a person would, create → search → update → deactivate →
 * export → import → delete. Against the UI kit's in-memory API (it checks bodies with the
 * contracts' own schemas), so that the walk of every contract stays a few seconds and needs no
 * server. Every menu entry's page is opened by menu-walk.browser.test.tsx; a job title's walk
 * through the built portal with the real server is e2e/admin-pages.e2e.test.ts.
 */
const CONTRACTS: readonly AnyResourceContract[] = [...DRAWN_CONTRACTS, ...systemContracts];
const ACTIONS = ['view', 'create', 'update', 'delete', 'export', 'import'] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input of a field, found by its label as a person reads it (a required star may follow). */
const labelled = (label: string) => new RegExp(`^${escape(label)}\\s*\\*?$`);
const input = (label: string) => screen.getByLabelText(labelled(label));

/** The kinds the walk fills as a person does; a required field of another kind fails it. */
const fillableKinds: readonly FieldContract['kind'][] = [
  'text',
  'code',
  'integer',
  'decimal',
  'money',
  'date',
  'enum',
  'boolean',
  'enumSet',
  'children',
  'file',
];

/** What the look-ups of references outside the walked contracts offer (a step's assignee). */
const PICKED = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Lựa chọn thử' };

/**
 * One cell of a rows editor (a children field's row `row`, from 1), filled from the item
 * field's example as a person does; answers the value the API should receive.
 */
async function fillCell(user: User, field: ScalarField, row: number, n: number): Promise<unknown> {
  const name = `${field.label.vi} ${row}`;
  const example: unknown = field.example(n);
  switch (field.kind) {
    case 'enum':
      await user.click(screen.getByRole('combobox', { name }));
      await user.click(
        await screen.findByRole('option', {
          name: field.valueLabels[String(example)]?.vi ?? String(example),
        }),
      );
      return example;
    case 'reference':
      await user.click(screen.getByRole('combobox', { name }));
      await user.click(await screen.findByRole('option', { name: PICKED.name }));
      return PICKED.id;
    case 'integer':
      // typed in the field's unit (minutes) when it has one
      await user.type(screen.getByRole('textbox', { name }), String(shownValue(field.unit, Number(example))));
      return example;
    default:
      await user.type(screen.getByRole('textbox', { name }), String(example));
      return example;
  }
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * Gives a field the value its contract's example says, the way a person does (typing numbers
 * in Vietnamese notation, dates as ddMMyyyy, picking from a list, ticking a switch), and
 * answers the value the API should receive.
 */
async function fill(user: User, field: FieldContract, n: number): Promise<unknown> {
  const example: unknown = field.example(n);
  const label = field.label.vi;
  switch (field.kind) {
    case 'decimal':
    case 'money':
      await user.type(input(label), String(example).replace('.', ','));
      return example;
    case 'date': {
      const [year, month, day] = String(example).split('-');
      await user.type(input(label), `${day}${month}${year}`);
      return example;
    }
    case 'enum':
      await user.click(screen.getByRole('combobox', { name: labelled(label) }));
      await user.click(
        await screen.findByRole('option', {
          name: field.valueLabels[String(example)]?.vi ?? String(example),
        }),
      );
      return example;
    case 'boolean':
      if (example === true) await user.click(screen.getByRole('switch', { name: labelled(label) }));
      return example === true;
    case 'enumSet': {
      const first = field.values[0] ?? '';
      await user.click(screen.getByRole('checkbox', { name: field.valueLabels[first]?.vi ?? first }));
      return [first];
    }
    case 'children': {
      // the fewest rows it must have, each item typed in its cell (read-only ones the server fills)
      const rows: Record<string, unknown>[] = [];
      const group = within(await screen.findByRole('group', { name: label }));
      for (let row = 1; row <= (field.minItems ?? 0); row++) {
        await user.click(group.getByRole('button', { name: 'Thêm dòng' }));
        const values: Record<string, unknown> = {};
        for (const [item, child] of Object.entries(field.fields))
          if (!child.readOnly) values[item] = await fillCell(user, child, row, n);
        rows.push(values);
      }
      return rows;
    }
    case 'integer':
      await user.type(input(label), String(shownValue(field.unit, Number(example))));
      return Number(example);
    case 'file': {
      // a small file of the first accepted type, uploaded through the field's control
      const group = await screen.findByRole('group', { name: label });
      const name = `mau-thu.${field.accept[0] ?? 'docx'}`;
      await user.upload(
        group.querySelector('input[type=file]') as HTMLInputElement,
        new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name),
      );
      await within(group).findByText(name);
      return [...api.files.values()].find((file) => file.fileName === name)?.id;
    }
    default:
      await user.type(input(label), String(example));
      return example;
  }
}

let api: FakeResourceApi;
let saved: DownloadedFile[];
const saveFile = downloads.save;

/** Opens a portal path the way the shell does: single-spa's history change, then popstate. */

describe('every contract the admin app draws, walked through its pages', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi(CONTRACTS);
    saved = [];
    downloads.save = (file) => void saved.push(file);
  });
  afterEach(async () => {
    downloads.save = saveFile;
    await resetUi();
    clearSession();
  });

  for (const contract of oneOfEachShape(CONTRACTS, (c) => c)) {
    const title = contract.title.vi;
    const singular = contract.singular.vi;
    // what the form must be given (and the field searched by), each from the field's own example
    const searchField = contract.keyword[0] ?? '';
    const filled = contract.create.filter((name) => {
      const field = contract.fields[name];
      return field?.required || name === searchField || (field?.kind === 'children' && field.minItems);
    });
    // a plain text field to change: another than the searched one when there is one
    const texts = contract.update.filter((name) => {
      const field = contract.fields[name];
      return field?.kind === 'text' && !field.unique;
    });
    const edited = texts.find((name) => name !== searchField) ?? texts[0];

    it(`${title}: create, search, update, deactivate, export, import and delete`, async () => {
      expect(Object.keys(ADMIN_PAGES)).to.include(contract.route);
      for (const name of filled)
        expect(fillableKinds, `${contract.path}.${name} can be filled`).to.include(
          contract.fields[name]?.kind,
        );
      const user = userEvent.setup();
      // A list shared by every tenant (level both) is changed by system users only.
      const userLevel = contract.level === 'both' ? 'SYSTEM' : 'TENANT';
      await api.signInWith(
        ACTIONS.map((action) => `${contract.permission}.${action}`),
        false,
        userLevel,
      );
      api.seed(contract, 3);
      api.intercept((call) => {
        const known = CONTRACTS.some(
          (c) =>
            call.path.startsWith(`${c.apiPath}/`) && !call.path.slice(c.apiPath.length + 1).includes('/'),
        );
        if (known || !/\/(auto-complete|find-by-ids)$/.test(call.path)) return null;
        return call.path.endsWith('/find-by-ids')
          ? { status: 200, body: { data: [PICKED] } }
          : { status: 200, body: { data: [PICKED], page: { pageIndex: 1, pageSize: 20, total: 1 } } };
      });
      openPath(contract.route);
      renderUi(<AdminRouter />);
      await screen.findByRole('heading', { level: 1, name: title });

      // create
      await user.click(screen.getByRole('button', { name: 'Thêm mới' }));
      await screen.findByRole('heading', { level: 1, name: `Thêm mới ${singular.toLocaleLowerCase('vi')}` });
      const values: Record<string, unknown> = {};
      for (const name of filled) {
        const field = contract.fields[name];
        if (field) values[name] = await fill(user, field, 9);
      }
      await user.click(screen.getByRole('button', { name: 'Lưu' }));
      const created = await waitFor(() => {
        const found = api.records(contract).find((record) => record[searchField] === values[searchField]);
        if (!found) throw new Error(`no ${contract.path} record was created`);
        return found;
      });
      await waitFor(() =>
        expect(window.location.pathname).to.equal(`${contract.route}/${created.id}/detail`),
      );
      // the detail page's heading: the singular, and the record's name, title or code when it has one
      const heading = () => {
        const name = created.name ?? created.title ?? created.code;
        return name ? `${singular}: ${String(name)}` : singular;
      };
      await screen.findByRole('heading', { level: 1, name: heading() });

      // search
      await user.click(screen.getByRole('button', { name: 'Quay lại danh sách' }));
      const keyword = await screen.findByPlaceholderText('Nhập từ khóa để tìm kiếm');
      await user.type(keyword, `${String(values[searchField])}{Enter}`);
      await waitFor(() => expect(screen.getAllByRole('row')).to.have.length(2));
      const row = screen.getAllByRole('row')[1] as HTMLElement;
      await user.click(within(row).getAllByRole('link')[0] as HTMLElement);
      await screen.findByRole('heading', { level: 1, name: heading() });

      // update (every contract here has a plain text field to change)
      expect(edited, `${contract.path} has a text field to update`).to.be.a('string');
      if (edited) {
        await user.click(await screen.findByRole('button', { name: 'Sửa' }));
        const box = await waitFor(() => input(contract.fields[edited]?.label.vi ?? edited));
        await user.clear(box);
        await user.type(box, 'Đã sửa trong phép thử');
        await user.click(screen.getByRole('button', { name: 'Lưu' }));
        await waitFor(() => expect(created[edited]).to.equal('Đã sửa trong phép thử'));
        await screen.findByRole('heading', { level: 1, name: heading() });
        await screen.findAllByText('Đã sửa trong phép thử');
      }

      // deactivate (unless the contract switches its status by routes of its own: tenants)
      if (contract.offers('status')) {
        await user.click(await screen.findByRole('button', { name: 'Ngừng hoạt động' }));
        await user.click(
          await within(await screen.findByRole('alertdialog')).findByRole('button', {
            name: 'Ngừng hoạt động',
          }),
        );
        await screen.findByRole('button', { name: 'Kích hoạt' });
        expect(created.status).to.equal('INACTIVE');
      } else expect(screen.queryByRole('button', { name: 'Ngừng hoạt động' })).to.equal(null);

      // export (once the confirmation has closed: while it is open the page behind it is hidden)
      await user.click(await screen.findByRole('button', { name: 'Quay lại danh sách' }));
      await user.click(await screen.findByRole('button', { name: 'Xuất Excel' }));
      await waitFor(() => expect(saved.map((file) => file.fileName)).to.have.length(1));
      expect(saved[0]?.fileName.startsWith(contract.path)).to.equal(true);

      // import (unless the contract takes none: a workflow template's steps cannot be rows of a sheet)
      const before = api.records(contract).length;
      if (!contract.offers('import'))
        expect(screen.queryByRole('button', { name: 'Nhập Excel' })).to.equal(null);
      else {
        await user.click(screen.getByRole('button', { name: 'Nhập Excel' }));
        const dialog = await screen.findByRole('dialog');
        await user.upload(
          dialog.querySelector('input[type=file]') as HTMLInputElement,
          new File(['rows'], `${contract.path}.xlsx`),
        );
        await user.click(within(dialog).getByRole('button', { name: 'Tải lên' }));
        await screen.findByText('Đã nhập 3 dòng.');
        expect(api.records(contract)).to.have.length(before + 3);
      }

      // delete (unless the contract offers none: tenants are suspended, never deleted)
      openPath(`${contract.route}/${created.id}/detail`);
      await screen.findByRole('heading', { level: 1, name: heading() });
      if (!contract.offers('delete')) {
        expect(screen.queryByRole('button', { name: 'Xóa' })).to.equal(null);
        return;
      }
      // the actions follow the record's load, which may land after the heading: wait for them
      await user.click(await screen.findByRole('button', { name: 'Xóa' }));
      await user.click(
        await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Xóa' }),
      );
      await waitFor(() => expect(window.location.pathname).to.equal(contract.route));
      expect(api.records(contract).some((record) => record.id === created.id)).to.equal(false);
    });
  }

  it('starts each list with its own sort when the menu moves from one contract to another', async () => {
    const byPriority = CONTRACTS.find((c) => c.defaultSort.field === 'priority');
    const byOther = CONTRACTS.find((c) => c.defaultSort.field !== 'priority' && c.level === 'tenant');
    if (!byPriority || !byOther) throw new Error('two contracts of different default sorts are needed');
    await api.signInWith([`${byPriority.permission}.view`, `${byOther.permission}.view`]);
    openPath(byPriority.route);
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: byPriority.title.vi });
    openPath(byOther.route);
    await screen.findByRole('heading', { level: 1, name: byOther.title.vi });
    const { field, direction } = byOther.defaultSort;
    await waitFor(() => expect(api.callsTo('GET', byOther.apiPath)).to.have.length.greaterThan(0));
    for (const call of api.callsTo('GET', byOther.apiPath))
      expect(call.query.get('sortBy') ?? `${field}.${direction}`).to.equal(`${field}.${direction}`);
  });

  it('reports an unknown record to the shell as not found', async () => {
    const [contract] = CONTRACTS;
    if (!contract) throw new Error('no contract');
    await api.signInWith([`${contract.permission}.view`]);
    const reported: number[] = [];
    const onError = (event: Event) => reported.push((event as CustomEvent<{ status: number }>).detail.status);
    window.addEventListener('hcm:navigation-error', onError);
    try {
      openPath(`${contract.route}/00000000-0000-4000-8000-999999999999/detail`);
      renderUi(<AdminRouter />);
      await waitFor(() => expect(reported).to.deep.equal([404]));
    } finally {
      window.removeEventListener('hcm:navigation-error', onError);
    }
  });
});
