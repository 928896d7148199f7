/** The SystemJS loader that index.html puts on the page. */
declare const System: {
  import<T = unknown>(id: string): Promise<T>;
  /** The URL the import map gives a name; throws when the map does not list it. */
  resolve(id: string, parentUrl?: string): string;
};
