/** The kinds of content the service recognises from the bytes (sniff.ts). */
export const FileKinds = {
  png: { mime: 'image/png', extensions: ['png'], image: true },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], image: true },
  gif: { mime: 'image/gif', extensions: ['gif'], image: true },
  webp: { mime: 'image/webp', extensions: ['webp'], image: true },
  pdf: { mime: 'application/pdf', extensions: ['pdf'], image: false },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    image: false,
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    image: false,
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
    image: false,
  },
  text: { mime: 'text/plain; charset=utf-8', extensions: ['txt'], image: false },
  csv: { mime: 'text/csv; charset=utf-8', extensions: ['csv'], image: false },
  svg: { mime: 'image/svg+xml', extensions: ['svg'], image: true },
} as const satisfies Record<string, { mime: string; extensions: readonly string[]; image: boolean }>;
export type FileKind = keyof typeof FileKinds;

/** catalogues §9: "upload unit 1048576 bytes". */
export const MEGABYTE = 1_048_576;

const IMAGES: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp'];
/** The kinds a thumbnail is made of (raster images; never SVG, which may hold script). */
export const RASTER: readonly FileKind[] = IMAGES;
const OFFICE: readonly FileKind[] = ['docx', 'xlsx', 'pptx'];

/**
 * What each owner type may upload (catalogues §9 sizes 5, 15 and 10 MB; the spec does not say
 * which is which: avatars 5, user manuals 15, the rest 10). An owner type not listed is refused
 * with 400. Scriptable kinds (SVG) only where a file is never shown inline (GENERAL).
 */
export const OwnerTypeLimits = {
  AVATAR: { maxBytes: 5 * MEGABYTE, kinds: IMAGES },
  /** a specimen signature: a scan or a photo, best a PNG with a transparent background */
  SIGNATURE: { maxBytes: 2 * MEGABYTE, kinds: ['png', 'jpeg', 'webp'] },
  DOCUMENT_TEMPLATE: { maxBytes: 10 * MEGABYTE, kinds: ['docx', 'xlsx'] },
  USER_MANUAL: { maxBytes: 15 * MEGABYTE, kinds: ['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpeg'] },
  WORKER_FILE: { maxBytes: 10 * MEGABYTE, kinds: ['pdf', ...IMAGES, ...OFFICE] },
  /** the papers attached to a record (a decree, a decision, its appendices): a files field */
  ATTACHMENT: { maxBytes: 10 * MEGABYTE, kinds: ['pdf', ...IMAGES, ...OFFICE] },
  GENERAL: { maxBytes: 10 * MEGABYTE, kinds: ['pdf', ...IMAGES, ...OFFICE, 'text', 'csv', 'svg'] },
} as const satisfies Record<string, { maxBytes: number; kinds: readonly FileKind[] }>;
export type OwnerType = keyof typeof OwnerTypeLimits;
export const OWNER_TYPES = Object.keys(OwnerTypeLimits) as OwnerType[];

export const isOwnerType = (value: string): value is OwnerType => Object.hasOwn(OwnerTypeLimits, value);

/** The largest upload any owner type takes: what a file part is cut at before its owner type is known. */
export const MAX_UPLOAD_BYTES = Math.max(...OWNER_TYPES.map((type) => OwnerTypeLimits[type].maxBytes));

/**
 * How the 200×200 thumbnail of a raster image fills its square (storage/thumbnail.ts): a face
 * fills it (`cover`), anything else is kept whole within it (`inside`). An owner type that takes
 * only images must be shown as one: an image it cannot thumbnail is refused; any other keeps the
 * file without a thumbnail.
 */
export const thumbnailOf = (ownerType: OwnerType): { fit: 'cover' | 'inside'; required: boolean } => ({
  fit: ownerType === 'AVATAR' ? 'cover' : 'inside',
  required: (OwnerTypeLimits[ownerType].kinds as readonly FileKind[]).every((kind) => RASTER.includes(kind)),
});
/** At most this many files in one POST /uploads. */
export const MAX_FILES_PER_UPLOAD = 20;

/** "10 MB" */
export const megabytes = (bytes: number) => `${Math.round((bytes / MEGABYTE) * 100) / 100} MB`;

/** The kinds a browser could run script from: never served inline (README "Files"). */
export const SCRIPTABLE_KINDS: readonly FileKind[] = ['svg'];
