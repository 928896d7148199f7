/** One server-sent event: its name (`message` when none was given) and its data lines joined. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body (the WHATWG format: blocks split by a blank line, `event:` and
 * `data:` fields, `:` comments) and calls `onEvent` for each event with data. Resolves when the
 * body ends; rejects when reading fails (the fetch was aborted, the network went).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
    }
  }
}
