import { positionContract } from '@hcm/contracts/categories';
import { positions } from '../../../db/schema.ts';
import { bindResource } from '../../../resources/index.ts';

/** Positions bound to their table: the framework keeps the tree free of loops (treeParent). */
export const positionResource = bindResource(positionContract, { table: positions });
