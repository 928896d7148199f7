import { spawn } from 'node:child_process';
import type { ProcessRole } from '../jobs/process-role.ts';
import { resolveServerPaths } from '../paths.ts';
import { waitForState } from './wait-for-state.ts';

/** One line of a server process's log (pino's JSON): the fields the tests read, and any other. */
export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly pid: number;
  readonly [field: string]: unknown;
}

export interface ServerProcess {
  readonly role: ProcessRole;
  readonly pid: number;
  /** where it answers (http://127.0.0.1:<port>); undefined for a worker, which opens no port */
  readonly url: string | undefined;
  /** its log lines so far */
  logs(): readonly LogLine[];
  /** the log lines whose message is `msg` */
  logged(msg: string): readonly LogLine[];
  /** the first log line `match` holds for, once written; throws with the output if the process ends first */
  waitForLog(match: (line: LogLine) => boolean): Promise<LogLine>;
  /** SIGTERM, and its exit (SIGKILL if it has not ended 15 s later); nothing if already ended */
  stop(): Promise<void>;
}

const LISTENING = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/;
const WORKER_STARTED = 'worker started: running jobs and schedules, answering no request';

/**
 * The server as `node dist/main.mjs --role=<role>` starts it, in a process of its own, but from
 * the sources (`node --import tsx src/main.ts`) so that no build comes first: for the tests of
 * what several processes on one database do (jobs/processes.test.ts). `env` selects its database
 * and settings (PORT 0 and 127.0.0.1 unless given; nothing else is inherited but PATH). Answers
 * once it listens, or, a worker, once it runs its queues.
 */
export async function startServerProcess(
  role: ProcessRole,
  env: Readonly<Record<string, string>>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', `--role=${role}`], {
    cwd: resolveServerPaths().serverRoot,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the test's own process ending (a crash, an interrupted run) ends its servers too
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphaned);
      resolve();
    }),
  );
  let output = '';
  // a process that could not be spawned at all emits 'error' and never 'exit'
  let failed: Error | undefined;
  child.once('error', (error) => (failed = error));
  let pending = '';
  const lines: LogLine[] = [];
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const parts = (pending + chunk.toString()).split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
  });

  const waitForLog = (match: (line: LogLine) => boolean) =>
    waitForState(
      async () => {
        const found = lines.find(match);
        if (!found && (child.exitCode !== null || failed))
          throw new Error(`the ${role} process ended (${failed?.message ?? child.exitCode}):\n${output}`);
        return found;
      },
      (found) => found !== undefined,
    ) as Promise<LogLine>;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || failed) return;
    child.kill('SIGTERM');
    // main.ts gives in-flight work 10 s; a process stuck before its handler is installed is ended
    const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(stuck);
  };

  try {
    const ready = await waitForLog((line) => LISTENING.test(line.msg) || line.msg === WORKER_STARTED);
    const url = LISTENING.exec(ready.msg)?.[1];
    return {
      role,
      pid: child.pid ?? 0,
      url,
      logs: () => lines,
      logged: (msg) => lines.filter((line) => line.msg === msg),
      waitForLog,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
