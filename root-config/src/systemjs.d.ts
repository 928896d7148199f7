/** The SystemJS loader that index.html puts on the page. */
declare const System: {
  import<T = unknown>(id: string): Promise<T>;
};
