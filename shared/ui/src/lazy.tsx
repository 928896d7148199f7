/**
 * The heavy pieces, exported from the entry as thin wrappers that load their chunk on first
 * render (React.lazy) inside their own Suspense boundary. Rollup splits each kit into a lazy
 * chunk of this same build, sharing Fluent's internals with the entry (no second copy); the
 * sign-in page never downloads them.
 */
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Loading } from './status/Loading.tsx';
import type { ListQuery } from './list/list-query.ts';
import type { ListPageProps } from './list/ListPage.tsx';
import type { SearchBoxProps } from './list/SearchBox.tsx';
import type { DataTableProps } from './table/DataTable.tsx';
import type { TruncatedTextProps } from './table/TruncatedText.tsx';
import type { PaginationBarProps } from './pagination/PaginationBar.tsx';
import type { StatusBadgeProps } from './status/StatusBadge.tsx';
import type { ConfirmDialogProps } from './dialog/ConfirmDialog.tsx';
import type { ConfirmActionOptions } from './dialog/confirm-host.tsx';
import type { DecimalInputProps } from './input/DecimalInput.tsx';
import type { DateInputProps } from './input/DateInput.tsx';
import type { MonthInputProps } from './input/MonthInput.tsx';
import type { FileUploadProps } from './upload/FileUpload.tsx';
import type {
  ResourceListContext,
  ResourceListExtension,
  ResourceListPageProps,
} from './resource/ResourceListPage.tsx';
import type { ExtraSubmit, ResourceFormProps, ResourceSectionProps } from './resource/ResourceForm.tsx';
import type { DetailPageControls, ResourceDetailPageProps } from './resource/ResourceDetailPage.tsx';
import type { PrintDocumentDialogProps } from './resource/PrintDocumentDialog.tsx';
import type { PrintSelectionDialogProps } from './resource/PrintSelectionDialog.tsx';
import type { ResourcePagesProps } from './resource/ResourcePages.tsx';
import type { FieldInputProps } from './resource/FieldInput.tsx';
import type { ReferenceInputProps } from './resource/ReferenceInput.tsx';
import type { AnyResourceContract } from '@hcm/contracts/resource';

/** The list kit module: ListPage, DataTable, PaginationBar, SearchBox, TruncatedText, StatusBadge. */
export const loadListKit = () => import('./kits/list-kit.ts');
/** ConfirmDialog and confirmAction. */
export const loadDialogKit = () => import('./kits/dialog-kit.ts');
/** DecimalInput, DateInput, MonthInput, FileUpload. */
export const loadInputKit = () => import('./kits/input-kit.ts');
/** The generic resource pages: ResourceListPage, ResourceForm, ResourceDetailPage, ResourcePages. */
export const loadResourceKit = () => import('./kits/resource-kit.ts');

type Loader<M> = () => Promise<M>;

function lazyPiece<M, P extends object>(
  load: Loader<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode,
  displayName: string,
) {
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })));
  const Piece = (props: P) => (
    <Suspense fallback={fallback}>
      <Lazy {...props} />
    </Suspense>
  );
  Piece.displayName = displayName;
  return Piece;
}

const spinner = <Loading size="small" />;

const LazyListPage = /* @__PURE__ */ lazyPiece(
  loadListKit,
  (m) => m.ListPage as ComponentType<ListPageProps<unknown>>,
  spinner,
  'ListPage',
);
/** A list screen: title, toolbar, keyword box, filters, table, pagination (see README). */
export const ListPage = LazyListPage as <T, Q extends ListQuery = ListQuery>(
  props: ListPageProps<T, Q>,
) => ReactNode;

const LazyDataTable = /* @__PURE__ */ lazyPiece(
  loadListKit,
  (m) => m.DataTable as ComponentType<DataTableProps<unknown>>,
  spinner,
  'DataTable',
);
/** A table declared by its columns, with sorting and selection. */
export const DataTable = LazyDataTable as <T>(props: DataTableProps<T>) => ReactNode;

export const PaginationBar = /* @__PURE__ */ lazyPiece<
  Awaited<ReturnType<typeof loadListKit>>,
  PaginationBarProps
>(loadListKit, (m) => m.PaginationBar, null, 'PaginationBar');
export const SearchBox = /* @__PURE__ */ lazyPiece<Awaited<ReturnType<typeof loadListKit>>, SearchBoxProps>(
  loadListKit,
  (m) => m.SearchBox,
  null,
  'SearchBox',
);
export const TruncatedText = /* @__PURE__ */ lazyPiece<
  Awaited<ReturnType<typeof loadListKit>>,
  TruncatedTextProps
>(loadListKit, (m) => m.TruncatedText, null, 'TruncatedText');
export const StatusBadge = /* @__PURE__ */ lazyPiece<
  Awaited<ReturnType<typeof loadListKit>>,
  StatusBadgeProps
>(loadListKit, (m) => m.StatusBadge, null, 'StatusBadge');
export const ConfirmDialog = /* @__PURE__ */ lazyPiece<
  Awaited<ReturnType<typeof loadDialogKit>>,
  ConfirmDialogProps
>(loadDialogKit, (m) => m.ConfirmDialog, null, 'ConfirmDialog');
export const DecimalInput = /* @__PURE__ */ lazyPiece<
  Awaited<ReturnType<typeof loadInputKit>>,
  DecimalInputProps
>(loadInputKit, (m) => m.DecimalInput, null, 'DecimalInput');
export const DateInput = /* @__PURE__ */ lazyPiece<Awaited<ReturnType<typeof loadInputKit>>, DateInputProps>(
  loadInputKit,
  (m) => m.DateInput,
  null,
  'DateInput',
);
export const MonthInput = /* @__PURE__ */ lazyPiece<
  Awaited<ReturnType<typeof loadInputKit>>,
  MonthInputProps
>(loadInputKit, (m) => m.MonthInput, null, 'MonthInput');
export const FileUpload = /* @__PURE__ */ lazyPiece<
  Awaited<ReturnType<typeof loadInputKit>>,
  FileUploadProps
>(loadInputKit, (m) => m.FileUpload, null, 'FileUpload');

type ResourceKit = Awaited<ReturnType<typeof loadResourceKit>>;
const pageSpinner = <Loading />;

/** A resource's list drawn from its contract (filters, sort, paging, batch actions, export, import). */
export const ResourceListPage = /* @__PURE__ */ lazyPiece<ResourceKit, ResourceListPageProps>(
  loadResourceKit,
  (m) => m.ResourceListPage,
  pageSpinner,
  'ResourceListPage',
);
/** A resource's create or update form drawn from its contract. */
export const ResourceForm = /* @__PURE__ */ lazyPiece<ResourceKit, ResourceFormProps>(
  loadResourceKit,
  (m) => m.ResourceForm,
  pageSpinner,
  'ResourceForm',
);
/** A record's page drawn from its contract, with Edit, Delete and Activate/Deactivate. */
export const ResourceDetailPage = /* @__PURE__ */ lazyPiece<ResourceKit, ResourceDetailPageProps>(
  loadResourceKit,
  (m) => m.ResourceDetailPage,
  pageSpinner,
  'ResourceDetailPage',
);
/** "Print" on a record's page: a Word template of its type, filled, previewed and downloaded. */
export const PrintDocumentButton = /* @__PURE__ */ lazyPiece<
  ResourceKit,
  Omit<PrintDocumentDialogProps, 'open' | 'onOpenChange'>
>(loadResourceKit, (m) => m.PrintDocumentButton, null, 'PrintDocumentButton');
/** "Print the selection" on a list's bulk bar: one template for every chosen record, as a .zip. */
export const PrintSelectionButton = /* @__PURE__ */ lazyPiece<
  ResourceKit,
  Pick<PrintSelectionDialogProps, 'contract' | 'ids'>
>(loadResourceKit, (m) => m.PrintSelectionButton, null, 'PrintSelectionButton');
/** A record of another resource searched by its auto-complete (the forms' reference picker). */
export const ReferencePicker = /* @__PURE__ */ lazyPiece<ResourceKit, ReferenceInputProps>(
  loadResourceKit,
  (m) => m.ReferenceInput,
  null,
  'ReferencePicker',
);
/** Every page of a resource behind its route (list, create, detail, update), chosen by the path. */
export const ResourcePages = /* @__PURE__ */ lazyPiece<ResourceKit, ResourcePagesProps>(
  loadResourceKit,
  (m) => m.ResourcePages,
  pageSpinner,
  'ResourcePages',
);

/** Adds the contracts' labels to i18next under RESOURCE_NAMESPACE (the pages also do it themselves). */
export function registerContractLabels(contracts: readonly AnyResourceContract[]): Promise<void> {
  return loadResourceKit().then((kit) => kit.registerContractLabels(contracts));
}

/** Asks for confirmation in a dialog of its own (no component to mount): true on confirm. */
export function confirmAction(options: ConfirmActionOptions): Promise<boolean> {
  return loadDialogKit().then((kit) => kit.confirmAction(options));
}

export type {
  ListPageProps,
  SearchBoxProps,
  DataTableProps,
  TruncatedTextProps,
  PaginationBarProps,
  StatusBadgeProps,
  ConfirmDialogProps,
  ConfirmActionOptions,
  DecimalInputProps,
  DateInputProps,
  MonthInputProps,
  FileUploadProps,
  ResourceListPageProps,
  ResourceListContext,
  ResourceListExtension,
  ResourceFormProps,
  ResourceSectionProps,
  ExtraSubmit,
  ResourceDetailPageProps,
  DetailPageControls,
  ResourcePagesProps,
  FieldInputProps,
  ReferenceInputProps,
};
