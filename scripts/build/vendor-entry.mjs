// Entry modules for vendor libraries. A CommonJS package's export names are read from the package
// itself at build time, so the SystemJS module exposes every name (React has no ESM build).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageFile, vendorResolveDir } from './import-map-modules.mjs';

const requireFromRoot = createRequire(join(vendorResolveDir, 'package.json'));

/** Where the entry imports the package from: its name, or a file inside it (entryFile). */
function source(mod) {
  if (!mod.entryFile) return mod.name;
  return packageFile(mod.name, mod.entryFile);
}

export function vendorEntrySource(mod) {
  const from = source(mod);
  if (mod.defaultOnly) return `import m from '${from}';\nexport default m;\n`;
  if (!mod.cjs) {
    const withDefault = mod.esmDefault ? `export { default } from '${from}';\n` : '';
    return `export * from '${from}';\n${withDefault}`;
  }
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const names = Object.keys(requireFromRoot(mod.name)).filter((n) => n !== 'default' && n !== '__esModule');
  process.env.NODE_ENV = previous;
  const valid = names.filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
  return [
    `import m from '${mod.name}';`,
    `export default m;`,
    `export const { ${valid.join(', ')} } = m;`,
    '',
  ].join('\n');
}
