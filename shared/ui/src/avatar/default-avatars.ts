/*
 * The default avatars by gender (catalogues §3 "default avatars by gender"): a person's
 * silhouette on a soft colour, drawn here as SVG and used as data: URLs (the portal's policy
 * allows them for images), so that a worker without a photo still has a face of their own kind
 * in the contacts, on the organisation chart and on their record.
 */

const svg = (body: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`,
  )}`;

const SHOULDERS = 'M10 64c1-13 10-21 22-21s21 8 22 21z';

export const DEFAULT_AVATARS = {
  MALE: svg(
    `<rect width="64" height="64" fill="#d6e6f7"/>` +
      `<path d="${SHOULDERS}" fill="#4f79a7"/>` +
      `<circle cx="32" cy="26" r="11" fill="#4f79a7"/>` +
      `<path d="M21 24c0-8 5-12 11-12s11 4 11 12c-3-4-7-5-11-5s-8 1-11 5z" fill="#2f547f"/>`,
  ),
  FEMALE: svg(
    `<rect width="64" height="64" fill="#f7dde6"/>` +
      `<path d="M19 28c0-11 6-17 13-17s13 6 13 17v14H19z" fill="#8f3f63"/>` +
      `<path d="${SHOULDERS}" fill="#c06a8f"/>` +
      `<circle cx="32" cy="27" r="10" fill="#c06a8f"/>` +
      `<path d="M22 25c1-7 5-10 10-10s9 3 10 10c-4-3-7-5-10-5s-6 2-10 5z" fill="#8f3f63"/>`,
  ),
  OTHER: svg(
    `<rect width="64" height="64" fill="#e3e5e8"/>` +
      `<path d="${SHOULDERS}" fill="#6b7280"/>` +
      `<circle cx="32" cy="26" r="11" fill="#6b7280"/>`,
  ),
} as const;

/** The default avatar of a gender (MALE, FEMALE; anything else, or none, the neutral one). */
export const defaultAvatarOf = (gender: string | null | undefined): string =>
  gender === 'MALE' || gender === 'FEMALE' ? DEFAULT_AVATARS[gender] : DEFAULT_AVATARS.OTHER;
