/** Banks. */
export const bankTables = {};
