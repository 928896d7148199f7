import { useEffect, useState } from 'react';
import { api } from '@hcm/session';
import type { PickedTemplate } from './DocumentTemplatePicker.tsx';
import { templateListUrl, type TemplateQuery } from './template-query.ts';

interface Answer {
  /** the call it answers: a newer query (or a retry) makes the rows shown stale */
  call: string;
  rows: PickedTemplate[];
  /** the rows before these, as the answer's page says */
  offset: number;
  total: number;
  failed: boolean;
}

/** One page of the templates for `query`, read again when the query changes or on retry. */
export function useTemplatePage(query: TemplateQuery) {
  const [reads, setReads] = useState(0);
  const url = templateListUrl(query);
  const call = `${reads} ${url}`;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    let live = true;
    api.getPage<PickedTemplate>(url).then(
      ({ data, page }) =>
        live &&
        setAnswer({
          call,
          rows: data,
          offset: (page.pageIndex - 1) * page.pageSize,
          total: page.total,
          failed: false,
        }),
      () => live && setAnswer({ call, rows: [], offset: 0, total: 0, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url, call]);

  return {
    // the previous page stays in view while the next one loads
    rows: answer?.rows ?? [],
    offset: answer?.offset ?? 0,
    total: answer?.total ?? 0,
    loading: answer?.call !== call,
    failed: answer?.call === call && answer.failed,
    retry: () => setReads((n) => n + 1),
  };
}
