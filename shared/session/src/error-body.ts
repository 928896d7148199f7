import type { AxiosError } from 'axios';

const BINARY_RESPONSE_TYPES: ReadonlySet<string> = new Set(['blob', 'arraybuffer']);

/** Whether a body came back as bytes rather than parsed JSON (responseType 'blob' or 'arraybuffer'). */
function isBinary(body: unknown): body is Blob | ArrayBuffer | ArrayBufferView {
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

async function textOf(body: Blob | ArrayBuffer | ArrayBufferView): Promise<string> {
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.text();
  return new TextDecoder().decode(body as ArrayBuffer | ArrayBufferView);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A download (export, file view) asks for a blob, so its error answer arrives as bytes too. Core
 * §8: such bodies are read as JSON for their code and message. The parsed body replaces the
 * bytes on the error, so that everything after (ApiError, the notice) reads it like any other.
 */
export async function readBinaryErrorBody(error: AxiosError): Promise<void> {
  const response = error.response;
  if (!response) return;
  const data: unknown = response.data;
  try {
    if (isBinary(data)) response.data = parseJson(await textOf(data));
    // Node's adapter has no Blob answers: it hands a download's bytes over as text.
    else if (typeof data === 'string' && BINARY_RESPONSE_TYPES.has(error.config?.responseType ?? ''))
      response.data = parseJson(data);
  } catch {
    // An unreadable body says nothing more than the status already does.
  }
}
