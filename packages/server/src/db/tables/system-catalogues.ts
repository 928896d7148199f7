/** The System categories shared by every tenant. */
export const systemCatalogueTables = {};
