export declare const SERVER_PROCESS_ENV: Readonly<Record<string, string>>;
export declare function withServerProcessEnv<T extends Record<string, string | undefined>>(
  env: T,
): T & Record<string, string>;
