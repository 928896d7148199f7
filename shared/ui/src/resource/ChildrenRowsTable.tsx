import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import type { ChildrenField } from '@hcm/contracts/resource';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { formatFieldValue, type LabelText } from './format-value.ts';

export interface ChildrenRowsTableProps {
  field: ChildrenField;
  rows: unknown;
  text: LabelText;
  words: { yes: string; no: string };
}

/**
 * The rows of a children field on the detail page: a read-only table, a column per item field.
 * A reference by id is left out when the row carries the referred record's name (a read-only
 * item field the server fills): a reader reads names, not ids.
 */
export function ChildrenRowsTable({ field, rows, text, words }: ChildrenRowsTableProps) {
  const { t } = useUiTranslation();
  const named = Object.values(field.fields).some((child) => child.readOnly);
  const items = Object.entries(field.fields).filter(([, child]) => !(named && child.kind === 'reference'));
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  if (list.length === 0) return <Text>{t('resource.noRows')}</Text>;
  return (
    <Table size="small" aria-label={text(field.label)}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('resource.rowNumber')}</TableHeaderCell>
          {items.map(([item, child]) => (
            <TableHeaderCell key={item}>{text(child.label)}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.map((row, index) => (
          <TableRow key={index}>
            <TableCell>{index + 1}</TableCell>
            {items.map(([item, child]) => (
              <TableCell key={item}>{formatFieldValue(child, item, row[item], text, words) || '—'}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
