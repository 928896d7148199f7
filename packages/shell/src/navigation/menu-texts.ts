import { Languages, MENU, menuEntries, type Language, type MenuNode } from '@hcm/contracts';

/**
 * The texts of the entries the menu declaration names itself (a resource's page, named by its
 * contract's title: MenuEntry.label) in one language, by entry key: `{ bank: 'Ngân hàng' }`.
 * The shell's dictionary does not restate them.
 */
export function declaredMenuTexts(
  language: Language,
  nodes: readonly MenuNode[] = MENU,
): Record<string, string> {
  return Object.fromEntries(
    menuEntries(nodes).flatMap(({ entry }) => (entry.label ? [[entry.key, entry.label[language]]] : [])),
  );
}

/** What holds i18next's texts: the portal's instance (@hcm/i18n). */
export interface TextStore {
  addResourceBundle(
    language: string,
    namespace: string,
    texts: object,
    deep: boolean,
    overwrite: boolean,
  ): unknown;
}

/**
 * Adds them to the shell's namespace in every language under the key the other entries' texts
 * have, `navigation.menu.<key>`: the sidebar, its search, the breadcrumb, the tab's title and
 * the dashboard read every entry alike. A text already there is kept, so an administrator's
 * text for that key (System › Language, merged over the dictionary) wins whichever arrives
 * first. Needs i18next initialised (initI18n).
 */
export function addDeclaredMenuTexts(store: TextStore, namespace: string): void {
  for (const language of Languages)
    store.addResourceBundle(
      language,
      namespace,
      { navigation: { menu: declaredMenuTexts(language) } },
      true,
      false,
    );
}
