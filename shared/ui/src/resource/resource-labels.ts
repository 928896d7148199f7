import { useCallback } from 'react';
import { i18n, useTranslation } from '@hcm/i18n';
import {
  RESOURCE_NAMESPACE,
  dictionaryOf,
  labelsOf,
  type AnyResourceContract,
  type Label,
} from '@hcm/contracts/resource';

const registered = new WeakSet<AnyResourceContract>();

/**
 * Adds the labels of the contracts to i18next under RESOURCE_NAMESPACE, in Vietnamese and English
 * (`t('resource:category.jobTitle.title')`). The texts come from the contracts alone; no JSON
 * file restates them. Idempotent per contract; a key given two texts throws (dictionaryOf).
 */
export function registerContractLabels(
  contracts: readonly AnyResourceContract[],
  target: Pick<typeof i18n, 'addResourceBundle'> = i18n,
  { silent = false }: { silent?: boolean } = {},
): void {
  const fresh = contracts.filter((contract) => !registered.has(contract));
  if (fresh.length === 0) return;
  const labels = fresh.flatMap(labelsOf);
  for (const language of ['vi', 'en'] as const)
    target.addResourceBundle(language, RESOURCE_NAMESPACE, dictionaryOf(labels, language), true, true, {
      silent,
    });
  if (target === i18n) fresh.forEach((contract) => registered.add(contract));
}

/**
 * The text of a contract label in the current language; registers the contract's labels first.
 * Falls back to the label's own text, so a page never shows a bare key.
 */
export function useLabelText(contract: AnyResourceContract) {
  // silent: this runs while a page renders, and i18next's 'added' event would make every mounted
  // useTranslation (a spinner's, say) set state during that render, which React refuses ("Cannot
  // update a component while rendering a different component"). Nothing mounted needs the event:
  // a component reads a contract's labels through this hook, after registering them, with the
  // label's own text as the default besides.
  registerContractLabels([contract], i18n, { silent: true });
  const { t, i18n: instance } = useTranslation(RESOURCE_NAMESPACE);
  const language = instance.language;
  return useCallback(
    (label: Label) => t(label.key, { defaultValue: language === 'en' ? label.en : label.vi }),
    // t changes with the language; the language keeps the fallback in step
    [t, language],
  );
}
