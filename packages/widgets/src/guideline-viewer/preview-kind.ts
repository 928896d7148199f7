/** How a file is previewed (core §2): pdf, images and video inline; everything else is not. */
export type PreviewKind = 'pdf' | 'image' | 'video' | 'unsupported';

const BY_EXTENSION: Readonly<Record<string, PreviewKind>> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
  webm: 'video',
  ogg: 'video',
  mov: 'video',
};

/** The file's kind by its content type, else by its name's extension (word, excel, json, zip: unsupported). */
export function previewKindOf(name: string, contentType?: string | null): PreviewKind {
  const type = (contentType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image';
  if (type.startsWith('video/')) return 'video';
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? 'unsupported';
}

/** core §2: the preview shows its spinner this long, however fast the file comes. */
export const PREVIEW_SPINNER_MS = 1000;
/** core §2: the preview's frame height. */
export const PREVIEW_FRAME_HEIGHT = 678;
