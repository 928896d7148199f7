/** Leave types and public holidays. */
export const leaveCategoryTables = {};
