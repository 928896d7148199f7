/** Downloads an image and gives it back inline (a data: URL), so that the cached logo needs no request. */
export async function downloadAsDataUrl(fetcher: typeof fetch, url: string): Promise<string> {
  const response = await fetcher(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const blob = await response.blob();
  // A page answered instead of the image (a missing file behind a fallback) must not become the logo.
  if (!blob.type.startsWith('image/')) throw new Error(`${url}: ${blob.type || 'no type'}, not an image`);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`${url}: unreadable`));
    reader.readAsDataURL(blob);
  });
}
