import { Status, type Language, type PublicMessage } from '@hcm/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { translations } from '../tables/translations.ts';

/** The active message texts in one language, by code. */
export async function listPublicMessages(tx: Tx, language: Language): Promise<PublicMessage[]> {
  const value = language === 'vi' ? translations.valueVi : translations.valueEn;
  return tx
    .select({ code: translations.code, value })
    .from(translations)
    .where(eq(translations.status, Status.active))
    .orderBy(asc(translations.code));
}
