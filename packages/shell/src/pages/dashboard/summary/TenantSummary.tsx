import type { DashboardPerson, DashboardRecordKind } from '@hcm/contracts/dashboard';
import { OTHERS_KEY } from '@hcm/contracts/worker-statistics';
import { MessageBar, MessageBarBody, Spinner, formatDate } from '@hcm/ui';
import {
  awaitingMeLink,
  contractsEndingLink,
  headCountLink,
  joinersLink,
  leaversLink,
  personLink,
  probationsEndingLink,
  unitLink,
} from './card-links.ts';
import { useDashboardText, type DashboardText } from './dashboard-text.ts';
import { ListCard, NumberCard, PortalLink, useCardStyles } from './NumberCard.tsx';
import { NoticesCard } from './NoticesCard.tsx';
import type { LoadedDashboard } from './use-tenant-dashboard.ts';

/**
 * A tenant user's numbers, from the dashboard's one call (useTenantDashboard, which the page
 * makes for these cards and the statistics together): the server answers only the sections the
 * user's rights allow: HR sees the contracts, probations, people and leavers; everyone sees what
 * awaits them, their own requests and their notices.
 */
export function TenantSummary({ loaded }: { loaded: LoadedDashboard }) {
  const styles = useCardStyles();
  const { text } = useDashboardText();

  if (loaded.state === 'loading') return <Spinner size="small" label={text('numbers')} />;
  if (loaded.state === 'failed')
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{text('failed')}</MessageBarBody>
      </MessageBar>
    );
  const { data } = loaded;
  const waiting = data.awaitingMe.reduce((sum, kind) => sum + kind.count, 0);
  const onlyKind = data.awaitingMe.length === 1 ? data.awaitingMe[0] : undefined;
  return (
    <>
      <ul className={styles.row} aria-label={text('numbers')}>
        <li>
          <NumberCard
            slot="awaiting-me"
            title={text('awaitingMe')}
            count={waiting}
            to={onlyKind?.route ? awaitingMeLink(onlyKind.route) : null}
            empty={text('zeroNote')}
          />
        </li>
        {data.contracts && (
          <>
            <li>
              <NumberCard
                slot="contracts-expiring"
                title={text('contractsExpiring', { days: data.horizonDays })}
                count={data.contracts.expiring}
                to={contractsEndingLink(data)}
                empty={text('zeroNote')}
              />
            </li>
            <li>
              <NumberCard
                slot="probation-ending"
                title={text('probationEnding', { days: data.horizonDays })}
                count={data.contracts.probationEnding}
                to={
                  data.contracts.probationTypeId
                    ? probationsEndingLink(data, data.contracts.probationTypeId)
                    : null
                }
                empty={text('zeroNote')}
              />
            </li>
          </>
        )}
        {data.workforce && (
          <>
            <li>
              <NumberCard
                slot="head-count"
                title={text('headCount')}
                count={data.workforce.headCount}
                to={headCountLink()}
                empty={text('noEmployees')}
              />
            </li>
            <li>
              <NumberCard
                slot="joiners"
                title={text('joiners')}
                count={data.workforce.joiners}
                to={joinersLink(data)}
                empty={text('zeroNote')}
              />
            </li>
          </>
        )}
        {data.leavers !== null && (
          <li>
            <NumberCard
              slot="leavers"
              title={text('leavers')}
              count={data.leavers}
              to={leaversLink(data)}
              empty={text('zeroNote')}
            />
          </li>
        )}
      </ul>
      <div className={styles.lists}>
        <KindsCard
          slot="awaiting-me-kinds"
          title={text('awaitingMeByKind')}
          empty={text('noneAwaiting')}
          kinds={data.awaitingMe}
          link={awaitingMeLink}
        />
        <KindsCard
          slot="my-requests"
          title={text('myRequests')}
          empty={text('noRequests')}
          kinds={data.myRequests}
        />
        <NoticesCard />
        {data.workforce && (
          <>
            <PeopleCard
              slot="birthdays"
              title={text('birthdays')}
              empty={text('noBirthdays')}
              people={data.workforce.birthdays}
              years={(years) => text('age', { years })}
              text={text}
            />
            <PeopleCard
              slot="anniversaries"
              title={text('anniversaries')}
              empty={text('noAnniversaries')}
              people={data.workforce.anniversaries}
              years={(years) => text('serviceYears', { years })}
              text={text}
            />
            {/* the statistics' unit bars: the largest units, each linked, and the rest summed */}
            <ListCard slot="by-unit" title={text('byUnit')} empty={text('noEmployees')}>
              {(data.statistics?.headCounts.organization ?? []).map((unit) => (
                <li key={unit.key ?? '__unset'} className={styles.item}>
                  <span
                    className={styles.itemName}
                    title={unit.key === OTHERS_KEY ? text('otherUnits') : unit.name}
                  >
                    {unit.key === OTHERS_KEY ? (
                      <span className={styles.muted}>{text('otherUnits')}</span>
                    ) : unit.key ? (
                      <PortalLink to={unitLink(unit.key)}>{unit.name}</PortalLink>
                    ) : (
                      unit.name
                    )}
                  </span>
                  <span className={styles.itemValue}>{unit.count.toLocaleString('vi-VN')}</span>
                </li>
              ))}
            </ListCard>
          </>
        )}
      </div>
    </>
  );
}

function KindsCard({
  slot,
  title,
  empty,
  kinds,
  link,
}: {
  slot: string;
  title: string;
  empty: string;
  kinds: readonly DashboardRecordKind[];
  /** where a kind's count leads (none: the count is shown, not linked) */
  link?: (route: string) => string;
}) {
  const styles = useCardStyles();
  return (
    <ListCard slot={slot} title={title} empty={empty}>
      {kinds.map((kind) => (
        <li key={kind.recordType} className={styles.item}>
          <span className={styles.itemName}>{kind.title}</span>
          <span className={styles.itemValue}>
            {link && kind.route ? (
              <PortalLink to={link(kind.route)} label={`${kind.title}: ${kind.count}`}>
                {kind.count}
              </PortalLink>
            ) : (
              kind.count
            )}
          </span>
        </li>
      ))}
    </ListCard>
  );
}

function PeopleCard({
  slot,
  title,
  empty,
  people,
  years,
  text,
}: {
  slot: string;
  title: string;
  empty: string;
  people: { total: number; people: DashboardPerson[] };
  years: (years: number) => string;
  text: DashboardText;
}) {
  const styles = useCardStyles();
  const more = people.total - people.people.length;
  return (
    <ListCard
      slot={slot}
      title={title}
      empty={empty}
      footer={more > 0 ? <span className={styles.muted}>{text('more', { count: more })}</span> : undefined}
    >
      {people.people.map((person) => (
        <li key={person.id} className={styles.item}>
          <span className={styles.itemName} title={person.fullName}>
            <PortalLink to={personLink(person.id)}>{person.fullName}</PortalLink>
          </span>
          <span className={styles.itemValue}>
            {formatDate(person.day).slice(0, 5)} · {years(person.years)}
          </span>
        </li>
      ))}
    </ListCard>
  );
}
