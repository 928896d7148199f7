/** The list kit: loaded on demand (a lazy chunk of @hcm/ui), never by the sign-in page. */
export { ListPage } from '../list/ListPage.tsx';
export { SearchBox } from '../list/SearchBox.tsx';
export { DataTable } from '../table/DataTable.tsx';
export { TruncatedText } from '../table/TruncatedText.tsx';
export { PaginationBar } from '../pagination/PaginationBar.tsx';
export { StatusBadge } from '../status/StatusBadge.tsx';
