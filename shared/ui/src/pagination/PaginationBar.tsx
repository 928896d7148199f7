import { useState } from 'react';
import { Button, Dropdown, Input, Option, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import {
  ChevronDoubleLeftRegular,
  ChevronDoubleRightRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
} from '@fluentui/react-icons';
import { Paging } from '@hcm/contracts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { clampPage, pageRange } from './pagination.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
  },
  // A group wraps too: on a phone the page buttons and the jumper take two lines, never a scroll.
  group: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  size: { minWidth: '88px' },
  jumper: { width: '72px' },
});

export interface PaginationBarProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  /**
   * the server stopped counting (page.totalCapped): more than `total` rows match. The bar then
   * says "more than" the total, offers next and previous, and no last page, which it cannot know.
   */
  totalCapped?: boolean;
  /** a new page, or a new size (then page 1) */
  onChange: (pageIndex: number, pageSize: number) => void;
  sizeOptions?: readonly number[];
  disabled?: boolean;
}

/** "first–last of total", a page-size choice (15/25/50/100), page buttons and a quick jumper. */
export function PaginationBar({
  pageIndex,
  pageSize,
  total,
  totalCapped = false,
  onChange,
  sizeOptions = Paging.sizeOptions,
  disabled = false,
}: PaginationBarProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const { first, last, pages, page } = pageRange(pageIndex, pageSize, total, totalCapped);
  // past a capped total there is always a later page: the count stopped before the list did
  const atEnd = !totalCapped && page >= pages;
  const [jump, setJump] = useState('');
  const sizeLabelId = useId('page-size-');
  const go = (next: number) => {
    if (next !== page) onChange(next, pageSize);
  };
  const jumpNow = () => {
    const target = clampPage(jump, pages);
    setJump('');
    if (target !== null) go(target);
  };

  return (
    <nav className={styles.bar} aria-label={t('pagination.label')}>
      <Text role="status">
        {totalCapped
          ? t('pagination.rangeCapped', { first, last, total })
          : t('pagination.range', { first, last, total })}
      </Text>
      <div className={styles.group}>
        <Text id={sizeLabelId}>{t('pagination.pageSize')}</Text>
        <Dropdown
          className={styles.size}
          aria-labelledby={sizeLabelId}
          value={String(pageSize)}
          selectedOptions={[String(pageSize)]}
          disabled={disabled}
          onOptionSelect={(_, data) => {
            const size = Number(data.optionValue);
            if (size && size !== pageSize) onChange(1, size);
          }}
        >
          {sizeOptions.map((size) => (
            <Option key={size} value={String(size)}>
              {String(size)}
            </Option>
          ))}
        </Dropdown>
      </div>
      <div className={styles.group}>
        <Button
          appearance="subtle"
          icon={<ChevronDoubleLeftRegular />}
          aria-label={t('pagination.first')}
          disabled={disabled || page <= 1}
          onClick={() => go(1)}
        />
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label={t('pagination.previous')}
          disabled={disabled || page <= 1}
          onClick={() => go(page - 1)}
        />
        <Text aria-current="page">
          {totalCapped ? t('pagination.pageOnly', { page }) : t('pagination.page', { page, pages })}
        </Text>
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label={t('pagination.next')}
          disabled={disabled || atEnd}
          onClick={() => go(page + 1)}
        />
        {!totalCapped && (
          <Button
            appearance="subtle"
            icon={<ChevronDoubleRightRegular />}
            aria-label={t('pagination.last')}
            disabled={disabled || atEnd}
            onClick={() => go(pages)}
          />
        )}
        <Input
          className={styles.jumper}
          type="number"
          min={1}
          max={pages}
          aria-label={t('pagination.jumpTo')}
          value={jump}
          disabled={disabled}
          onChange={(_, data) => setJump(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') jumpNow();
          }}
        />
        <Button disabled={disabled || jump.trim() === ''} onClick={jumpNow}>
          {t('pagination.go')}
        </Button>
      </div>
    </nav>
  );
}
