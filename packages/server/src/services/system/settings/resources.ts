import { FieldErrorKeys } from '@hcm/contracts';
import { messageTemplateContract, parameterContract, placeholdersOf } from '@hcm/contracts/settings';
import { and, eq, ne, sql } from 'drizzle-orm';
import { messageTemplates } from '../../../db/tables/message-templates.ts';
import { parameters } from '../tables/settings.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { ErrorCodes } from '@hcm/contracts';

/**
 * Parameters keep one value per code and effective date: a second value for the same day is
 * refused on both fields (409), before the unique index would say it less clearly.
 */
export const parameterResource = bindResource(parameterContract, {
  table: parameters,
  hooks: {
    async validate({ tx }, changes, before) {
      const code = (changes.code ?? before?.code) as string;
      const effectiveDate = (changes.effectiveDate ?? before?.effectiveDate) as string;
      const [clash] = await tx
        .select({ id: parameters.id })
        .from(parameters)
        .where(
          and(
            sql`lower(${parameters.code}) = lower(${code})`,
            eq(parameters.effectiveDate, effectiveDate),
            before ? ne(parameters.id, before.id as string) : undefined,
          ),
        )
        .limit(1);
      if (clash)
        throw new AppError(
          409,
          ErrorCodes.conflict,
          `Parameter ${code} already has a value effective from ${effectiveDate}`,
          ['code', 'effectiveDate'].map((field) => ({
            field,
            code: FieldErrorKeys.invalidValue,
            message: 'already has a value effective from this date',
          })),
        );
    },
  },
});

const TEXTS = ['subjectVi', 'bodyVi', 'subjectEn', 'bodyEn'] as const;

/** Templates whose placeholders are malformed (`{{ name`, `{{two words}}`) are refused on the field. */
export const messageTemplateResource = bindResource(messageTemplateContract, {
  table: messageTemplates,
  hooks: {
    validate(_context, changes) {
      const errors = TEXTS.flatMap((field) => {
        const text = changes[field];
        if (typeof text !== 'string') return [];
        const found = placeholdersOf(text);
        return 'malformed' in found
          ? [
              {
                field,
                code: FieldErrorKeys.pattern,
                message: `has a malformed placeholder near “${found.malformed}”: write {{name}}`,
              },
            ]
          : [];
      });
      if (errors.length > 0) throw validationFailed(errors);
    },
  },
});

export const settingResources = [parameterResource, messageTemplateResource];
