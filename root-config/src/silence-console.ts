/** The console methods the production build turns off (core §9); warnings and errors still show. */
export const SILENCED_CONSOLE_METHODS = ['log', 'info', 'debug'] as const;

type Silenceable = Pick<Console, (typeof SILENCED_CONSOLE_METHODS)[number]>;

/**
 * Turns console.log, .info and .debug into no-ops. The root config does it before it registers
 * any micro-app, so nothing a micro-app or a library logs reaches users' consoles.
 */
export function silenceConsole(target: Silenceable): void {
  for (const method of SILENCED_CONSOLE_METHODS) target[method] = () => undefined;
}
