import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { untilZipped } from './export-records.ts';

type Internals = { stream?: { pipes?: { _writableState?: { length: number } }[] } };

describe('untilZipped', () => {
  it("keeps exceljs's worksheet XML from piling up ahead of the zip", async () => {
    const out = new PassThrough();
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet('rows');
    // The internals the wait reads: if exceljs renames them, this fails instead of memory growing.
    const pipes = (sheet as unknown as Internals).stream?.pipes ?? [];
    expect(pipes.length).toBeGreaterThan(0);
    let backlog = 0;
    for (let batch = 0; batch < 30; batch++) {
      for (let i = 0; i < 1000; i++) sheet.addRow([`CODE_${batch}_${i}`, `Tên chức danh ${i}`, i]).commit();
      backlog = Math.max(backlog, ...pipes.map((p) => p._writableState?.length ?? 0));
      await untilZipped(sheet);
    }
    sheet.commit();
    await workbook.commit();
    // 30,000 rows are about 3 MB of XML; what waits for the zip stays a few hundred KB.
    expect(backlog).toBeLessThan(1024 * 1024);
    expect(bytes).toBeGreaterThan(100_000);
  });
});
