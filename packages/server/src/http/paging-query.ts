import { Paging } from '@hcm/contracts';
import Type from 'typebox';

/** The pageIndex and pageSize query parameters every paged list takes (catalogues §5 limits). */
export const pagingQuery = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: Paging.maxPageIndex, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: Paging.maxPageSize, default: Paging.defaultPageSize }),
  ),
};
