import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@fluentui/react-components';
import { i18n } from '@hcm/i18n';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import {
  currentQuery,
  currentQueryJson,
  prepareUi,
  renderUi,
  resetUi,
  sleep,
} from '../testing/ui-fixture.tsx';
import { ListPage } from './ListPage.tsx';
import { useListQuery } from './use-list-query.ts';
import { LAST_QUERIES_KEY, type ListQuery } from './list-query.ts';
import { indexColumn, type ColumnDef } from '../table/columns.ts';

interface Employee {
  id: string;
  code: string;
  fullName: string;
  status: string;
}

const employees: Employee[] = Array.from({ length: 60 }, (_, i) => ({
  id: `e${i + 1}`,
  code: `NV${String(i + 1).padStart(3, '0')}`,
  fullName: i === 0 ? 'Nguyễn Thị Lan' : `Nhân viên số ${i + 1}`,
  status: i % 2 ? 'INACTIVE' : 'ACTIVE',
}));

// One declaration drives headers, cells, sorting and truncation.
const columns: ColumnDef<Employee>[] = [
  indexColumn(),
  { key: 'code', labelKey: 'hr:code', sortable: true, width: 120, truncate: 'code' },
  { key: 'fullName', labelKey: 'hr:fullName', sortable: 'name', truncate: 'name' },
];

/** What a server would answer: keyword filter, sort, page. */
function search(query: ListQuery) {
  let rows = employees.filter((e) => !query.keyword || e.fullName.includes(query.keyword));
  if (query.status) rows = rows.filter((e) => e.status === query.status);
  if (query.sortBy === 'name.desc') rows = [...rows].reverse();
  const start = (query.pageIndex - 1) * query.pageSize;
  return { rows: rows.slice(start, start + query.pageSize), total: rows.length };
}

function EmployeeList() {
  const list = useListQuery();
  const { rows, total } = search(list.query);
  return (
    <ListPage
      title="Danh sách nhân viên"
      toolbar={<Button appearance="primary">Thêm mới</Button>}
      filters={
        <Button
          onClick={() => list.setQuery({ status: 'INACTIVE' })}
          aria-pressed={list.query.status === 'INACTIVE'}
        >
          Chỉ nhân viên nghỉ
        </Button>
      }
      list={list}
      columns={columns}
      rows={rows}
      total={total}
      getRowId={(row) => row.id}
    />
  );
}

const dataRows = () => screen.getAllByRole('row').slice(1);

describe('list page', () => {
  beforeEach(async () => {
    await prepareUi();
    i18n.addResourceBundle('vi', 'hr', { code: 'Mã', fullName: 'Họ và tên' }, true, true);
    window.history.replaceState(null, '', '/om/employees');
  });
  afterEach(resetUi);

  it('lays out title, toolbar, keyword box, filters, table and pagination with page 1 of size 25', async () => {
    renderUi(<EmployeeList />);
    await screen.findByRole('heading', { level: 1, name: 'Danh sách nhân viên' });
    screen.getByRole('button', { name: 'Thêm mới' });
    screen.getByRole('searchbox', { name: 'Tìm kiếm' });
    screen.getByRole('table', { name: 'Danh sách nhân viên' });
    expect(dataRows()).to.have.length(25);
    screen.getByText('1–25 trong tổng số 60');
    within(dataRows()[0] as HTMLElement).getByText('NV001');
    expect(currentQuery()).to.equal(null);
  });

  it('searches 500 ms after typing stops, writing the keyword into the one URL parameter', async () => {
    renderUi(<EmployeeList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ pageIndex: 2 }));
    const box = screen.getByRole('searchbox', { name: 'Tìm kiếm' });
    await user.type(box, 'Lan');
    await sleep(250);
    expect(currentQueryJson()).to.deep.equal({ pageIndex: 2 });
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ keyword: 'Lan' }), { timeout: 1500 });
    expect(dataRows()).to.have.length(1);
    screen.getByText('1–1 trong tổng số 1');
  });

  it('takes at most 200 characters of keyword', async () => {
    renderUi(<EmployeeList />);
    const box = (await screen.findByRole('searchbox', { name: 'Tìm kiếm' })) as HTMLInputElement;
    expect(box.maxLength).to.equal(200);
  });

  it('sorts from the header into sortBy, and pages and sizes into the query', async () => {
    renderUi(<EmployeeList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Họ và tên' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ sortBy: 'name.asc' }));
    await user.click(screen.getByRole('button', { name: 'Họ và tên' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ sortBy: 'name.desc' }));
    within(dataRows()[0] as HTMLElement).getByText('NV060');
    await user.click(screen.getByRole('button', { name: 'Trang cuối' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ sortBy: 'name.desc', pageIndex: 3 }));
    screen.getByText('51–60 trong tổng số 60');
    // the index column counts across pages
    within(dataRows()[0] as HTMLElement).getByText('51');
    await user.click(screen.getByRole('combobox', { name: 'Số dòng mỗi trang' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ sortBy: 'name.desc', pageSize: 50 }));
    screen.getByText('1–50 trong tổng số 60');
  });

  it('goes back to page 1 when a filter changes', async () => {
    renderUi(<EmployeeList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ pageIndex: 2 }));
    await user.click(screen.getByRole('button', { name: 'Chỉ nhân viên nghỉ' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ status: 'INACTIVE' }));
    screen.getByText('1–25 trong tổng số 30');
  });

  it('restores the last query of the path when the user comes back to it', async () => {
    const first = renderUi(<EmployeeList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ pageIndex: 2 }));
    first.unmount();
    // elsewhere, then back to the bare path
    window.history.replaceState(null, '', '/om/contracts');
    window.history.replaceState(null, '', '/om/employees');
    renderUi(<EmployeeList />);
    await screen.findByText('26–50 trong tổng số 60');
    await waitFor(() => expect(currentQueryJson()).to.deep.equal({ pageIndex: 2 }));
    expect(JSON.parse(sessionStorage.getItem(LAST_QUERIES_KEY) ?? '{}')).to.deep.equal({
      '/om/employees': '{"pageIndex":2}',
    });
  });

  it('opens a shared link with its query', async () => {
    window.history.replaceState(
      null,
      '',
      `/om/employees?q=${encodeURIComponent('{"keyword":"số 3","pageSize":15}')}`,
    );
    renderUi(<EmployeeList />);
    const box = (await screen.findByRole('searchbox', { name: 'Tìm kiếm' })) as HTMLInputElement;
    expect(box.value).to.equal('số 3');
    await screen.findByText('1–11 trong tổng số 11');
  });
});
