import { announceReady, sheetFromQuery } from './data.ts';

/**
 * The baseline: the browser alone scrolling a box as tall and wide as the sheet, with one
 * screenful of static text and no script at all on scroll; what every candidate adds is measured
 * against it, in the same run.
 */
const sheet = sheetFromQuery();
const scroller = document.createElement('div');
scroller.setAttribute('role', 'grid');
Object.assign(scroller.style, { height: '640px', overflow: 'auto', position: 'relative' });
const canvas = document.createElement('div');
Object.assign(canvas.style, {
  height: `${(sheet.rows.length + 2) * 32}px`,
  width: `${160 + sheet.keys.length * 120}px`,
});
canvas.textContent = sheet.rows
  .slice(0, 30)
  .map((row) => Object.values(row).join(' '))
  .join('\n');
scroller.append(canvas);
document.getElementById('root')?.append(scroller);
announceReady('[role="grid"]');
