import { readEventStream, type ServerEvent } from '../../../../shared/session/src/event-stream.ts';

/** One server-sent event as a test reads it (the browser's own reader parses it). */
export type StreamEvent = ServerEvent;

export interface OpenStream {
  status: number;
  /** the next event named `name` (comments and other events are passed over) */
  next(name: string, timeoutMs?: number): Promise<StreamEvent>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  close(): void;
}

/** Opens the notification stream with a bearer token, as the browser's session does (fetch, not EventSource). */
export async function openNotificationStream(url: string, token: string): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  const events: StreamEvent[] = [];
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((w) => w());
  const ended = (async () => {
    if (!res.body) return;
    try {
      await readEventStream(res.body, (event) => {
        events.push(event);
        wake();
      });
    } catch {
      // aborted by close()
    } finally {
      wake();
    }
  })();
  let over = false;
  void ended.then(() => (over = true));
  return {
    status: res.status,
    async next(name, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = events.findIndex((e) => e.event === name);
        if (at >= 0) return events.splice(at, 1)[0] as StreamEvent;
        if (over) throw new Error(`the stream ended before a "${name}" event`);
        if (Date.now() > deadline) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    ended,
    close: () => abort.abort(),
  };
}
