import { languageContract } from '@hcm/contracts/system';
import { translations } from '../tables/translations.ts';
import { bindResource } from '../../../resources/index.ts';

/**
 * System › Language (catalogues §7.6 "Languages"): /api/system/languages. Each row gives one
 * message code its Vietnamese and English text; the active ones are served without sign-in at
 * /api/system/public/messages and override the built-in dictionaries.
 */
export const translationResource = bindResource(languageContract, { table: translations });
