/**
 * The environment the server process is started with by `npm start` and by the benchmarks
 * (issue 29 part 6, docs/performance.md "Memory"): glibc's allocator told to keep two arenas
 * instead of eight per core, and to hand freed memory back to the system rather than keep it
 * for later. Without them the process keeps what a burst of work (the first start's migrations
 * and seed, a load peak) made it allocate: about 100 MiB more at rest. A value already set in
 * the environment wins.
 */
export const SERVER_PROCESS_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '65536',
  MALLOC_MMAP_THRESHOLD_: '65536',
};

/**
 * `env` with SERVER_PROCESS_ENV's values where it sets none; a variable `env` sets to '' is left
 * out (the benchmark's "as before" variant runs with glibc's own defaults).
 */
export const withServerProcessEnv = (env) =>
  Object.fromEntries(Object.entries({ ...SERVER_PROCESS_ENV, ...env }).filter(([, value]) => value !== ''));
