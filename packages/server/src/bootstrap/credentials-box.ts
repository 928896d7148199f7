import type { GeneratedCredential } from './seed-initial-data.ts';

/**
 * The one-time notice for generated passwords, framed so it stands out among JSON log lines.
 * Widths count code points: the role may be Vietnamese.
 */
export function formatCredentialsBox(credentials: readonly GeneratedCredential[]): string {
  const lines = [
    'Initial accounts created with generated passwords.',
    'They are shown only this once: store them now.',
    '',
    ...credentials.flatMap((c) => [c.role, `  username: ${c.username}`, `  password: ${c.password}`, '']),
  ];
  lines.pop();
  const width = Math.max(...lines.map((line) => [...line].length));
  const pad = (line: string) => line + ' '.repeat(width - [...line].length);
  return [
    `╔${'═'.repeat(width + 2)}╗`,
    ...lines.map((line) => `║ ${pad(line)} ║`),
    `╚${'═'.repeat(width + 2)}╝`,
    '',
  ].join('\n');
}
