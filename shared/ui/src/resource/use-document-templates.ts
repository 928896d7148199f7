import { useEffect, useState } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { resourceApi, type DocumentTemplateChoice } from './resource-api.ts';

export interface DocumentTemplatesState {
  /** the record's active templates; null until the answer for this record arrives, [] when it failed */
  templates: DocumentTemplateChoice[] | null;
  /** the template chosen: the only one as soon as the answer has only one */
  chosen: string | null;
  choose: (templateId: string | null) => void;
}

/**
 * The templates a record of `contract` prints with (GET {apiPath}/{id}/document-templates),
 * asked for while the print dialog is `open`: the record's page prints its record, a list's
 * selection prints its records through the templates of the first one's type.
 */
export function useDocumentTemplates(
  contract: AnyResourceContract,
  recordId: string | undefined,
  open: boolean,
): DocumentTemplatesState {
  const key = recordId ? `${contract.apiPath}/${recordId}` : null;
  // the answer for the record it was asked for: another record shows the spinner until its own
  const [answer, setAnswer] = useState<{ key: string; templates: DocumentTemplateChoice[] } | null>(null);
  const [chosen, choose] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !recordId || !key) return;
    let alive = true;
    resourceApi(contract)
      .documentTemplates(recordId)
      .then((found) => {
        if (!alive) return;
        setAnswer({ key, templates: found });
        choose(found.length === 1 ? (found[0]?.id ?? null) : null);
      })
      .catch(() => alive && setAnswer({ key, templates: [] }));
    return () => {
      alive = false;
    };
    // the key (the contract's path and the record), not the contract's object, says what is asked
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, key]);

  return { templates: answer && answer.key === key ? answer.templates : null, chosen, choose };
}
