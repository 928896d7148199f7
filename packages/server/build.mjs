// Bundles the server into dist/main.mjs: `node packages/server/build.mjs`.
// Dependencies stay in node_modules (external); only our own code is bundled, including the
// workspace packages (@hcm/*), which ship TypeScript sources that Node cannot load by itself.
// The bundle must stay inside packages/server (dist/, or dist/.test-bundle/ in tests): it
// finds migrations/ and node_modules/ by walking up from its own location.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Bare imports are external except @hcm/* workspace packages. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hcm/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer({ outfile = join(here, 'dist', 'main.mjs') } = {}) {
  rmSync(dirname(outfile), { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(here, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [externalDependencies],
    // For any CommonJS code that ends up inside the ESM bundle and calls require().
    banner: {
      js: "import { createRequire as __hcmCreateRequire } from 'node:module'; const require = __hcmCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  return { outfile, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { outfile, bytes } = await buildServer();
  console.log(`server bundle: ${outfile} (${Math.round(bytes / 1024)} KiB with its source map)`);
}
