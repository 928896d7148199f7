import { useEffect, useState } from 'react';
import { CONTACTS_PATH, type ContactCard, type ContactQuery } from '@hcm/contracts/workers';
import type { PageEnvelope } from '@hcm/contracts';
import { api } from '@hcm/session';
import {
  Body1,
  Button,
  Caption1,
  Card,
  Input,
  Link,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
  useDebouncedValue,
  WorkerAvatar,
} from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';

export const CONTACTS_PAGE_SIZE = 24;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  search: { flex: '1 1 280px', maxWidth: '480px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalM,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: { display: 'flex', flexDirection: 'row', gap: tokens.spacingHorizontalM, height: '100%' },
  body: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  muted: { color: tokens.colorNeutralForeground2 },
  reach: { overflowWrap: 'anywhere' },
  unit: { alignSelf: 'flex-start', padding: 0, minWidth: 0, height: 'auto', textAlign: 'left' },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** The unit the list is narrowed to, with its name to show (the card it was picked from). */
interface UnitFilter {
  readonly id: string;
  readonly name: string;
}

/**
 * Organisation › Contacts: every working colleague as a card (name, position, unit, phone,
 * e-mail), searched by a keyword without accents (500 ms after typing stops) and narrowed to a
 * unit, with the units below it, by clicking the unit on a card. Open to contacts.view, which
 * an employee holds; it asks nothing of the units' own API, which an employee may not read.
 */
export function ContactsPage() {
  const { t } = useOrganizationTranslation();
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const [unit, setUnit] = useState<UnitFilter | null>(null);
  // The page number belongs to one keyword and unit: a new search starts again at page 1.
  const queryKey = JSON.stringify([keyword, unit?.id ?? null]);
  const [paging, setPaging] = useState({ key: queryKey, index: 1 });
  const pageIndex = paging.key === queryKey ? paging.index : 1;
  const requestKey = `${queryKey}#${pageIndex}`;
  const [result, setResult] = useState<{
    key: string;
    page?: PageEnvelope<ContactCard>;
  } | null>(null);

  useEffect(() => {
    let alive = true;
    const query: ContactQuery = {
      pageIndex,
      pageSize: CONTACTS_PAGE_SIZE,
      ...(keyword ? { keyword } : {}),
      ...(unit ? { organizationUnitId: unit.id } : {}),
    };
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    api
      .getPage<ContactCard>(`${CONTACTS_PATH}?${params.toString()}`, { loading: true })
      .then((page) => alive && setResult({ key: requestKey, page }))
      .catch(() => alive && setResult({ key: requestKey }));
    return () => {
      alive = false;
    };
  }, [keyword, unit, pageIndex, requestKey]);

  // the last answer stays on screen while the next one loads
  const answer = result?.page ?? null;
  const failed = result?.key === requestKey && !result.page;
  const turnTo = (index: number) => setPaging({ key: queryKey, index });
  const total = answer?.page.total ?? 0;
  const first = total === 0 ? 0 : (pageIndex - 1) * CONTACTS_PAGE_SIZE + 1;
  const last = Math.min(total, pageIndex * CONTACTS_PAGE_SIZE);

  return (
    <section className={styles.page} aria-labelledby="contacts-title">
      <Title2 as="h1" id="contacts-title">
        {t('contacts.title')}
      </Title2>
      <div className={styles.tools}>
        <Input
          className={styles.search}
          type="search"
          aria-label={t('contacts.search')}
          placeholder={t('contacts.searchPlaceholder')}
          value={typed}
          onChange={(_, data) => setTyped(data.value)}
        />
        {unit && (
          <Button onClick={() => setUnit(null)} aria-label={t('contacts.clearUnit', { name: unit.name })}>
            {t('contacts.unitFilter', { name: unit.name })} ✕
          </Button>
        )}
      </div>
      <Text role="status" aria-live="polite">
        {answer ? t('contacts.shown', { first, last, total }) : ''}
      </Text>
      {failed && <Body1 role="alert">{t('contacts.loadFailed')}</Body1>}
      {!answer && !failed && <Spinner label={t('contacts.loading')} />}
      {answer && answer.data.length === 0 && <Body1>{t('contacts.none')}</Body1>}
      {answer && answer.data.length > 0 && (
        <ul className={styles.grid} aria-label={t('contacts.title')}>
          {answer.data.map((card) => (
            <li key={card.id}>
              <Card className={styles.card}>
                <WorkerAvatar
                  name={card.fullName}
                  gender={card.gender}
                  avatarId={card.avatarId}
                  size={48}
                  decorative
                />
                <div className={styles.body}>
                  <Text as="h2" className={styles.name}>
                    {card.fullName}
                  </Text>
                  <Caption1 className={styles.muted}>
                    {[card.jobPositionName, card.jobTitleName].filter(Boolean).join(' · ') || card.code}
                  </Caption1>
                  <Button
                    appearance="transparent"
                    size="small"
                    className={styles.unit}
                    aria-label={t('contacts.filterByUnit', { name: card.organizationUnitName })}
                    onClick={() => setUnit({ id: card.organizationUnitId, name: card.organizationUnitName })}
                  >
                    {card.organizationUnitName}
                  </Button>
                  {card.phone && (
                    <Link className={styles.reach} href={`tel:${card.phone}`}>
                      {card.phone}
                    </Link>
                  )}
                  {card.email && (
                    <Link className={styles.reach} href={`mailto:${card.email}`}>
                      {card.email}
                    </Link>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {total > CONTACTS_PAGE_SIZE && (
        <nav className={styles.pager} aria-label={t('contacts.pages')}>
          <Button disabled={pageIndex === 1} onClick={() => turnTo(pageIndex - 1)}>
            {t('contacts.previous')}
          </Button>
          <Button disabled={last >= total} onClick={() => turnTo(pageIndex + 1)}>
            {t('contacts.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
