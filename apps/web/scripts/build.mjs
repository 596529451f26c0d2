// `npm run build -w @reformer/web [-- --outDir <dir> --emptyOutDir --sourcemap hidden]`:
//   1. the client build of the three entries (index.html: the app; public-site.html: `/`, `/about`,
//      `/privacy-policy`; portal.html: the customer portal, `/portal…`);
//   2. an SSR build of src/public-site/render.tsx into a temporary folder;
//   3. pre-rendering: every public page in every language, with its stylesheet inline, written to
//      <outDir>/prerendered/<language>/, which the server sends by the visitor's language cookie
//      (apps/server/src/app.ts). The bare template public-site.html is removed from the output: it is never a
//      page of its own; so is portal.html, once the portal's first state is rendered into it per language
//      (src/portal-app/render.tsx);
//   4. <outDir>/app-routes.json: the app's route paths, so the server answers 404 (with the app's own
//      not-found page) for a path no route takes.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    outDir: { type: 'string', default: 'dist' },
    emptyOutDir: { type: 'boolean', default: false },
    sourcemap: { type: 'string' },
  },
});
const outDir = resolve(webRoot, values.outDir);
const sourcemap =
  values.sourcemap === undefined ? undefined : values.sourcemap === 'true' || values.sourcemap;

// This config imports TypeScript from the domain workspace package, hence the `runner` config loader.
const shared = { root: webRoot, configLoader: 'runner', logLevel: 'warn' };

/** A client build of one HTML entry; the builds share no chunk, so the public pages and the portal load no app code. */
function buildEntry(html, emptyOutDir) {
  const input = join(webRoot, html);
  return build({ ...shared, build: { outDir, emptyOutDir, sourcemap, rolldownOptions: { input } } });
}

await buildEntry('index.html', values.emptyOutDir);
await buildEntry('public-site.html', false);
await buildEntry('portal.html', false);
await writeFile(join(outDir, 'app-routes.json'), JSON.stringify(await appRoutePaths()));

/** The `fullPaths` of the generated route tree (refreshed by the client build above). */
async function appRoutePaths() {
  const tree = await readFile(join(webRoot, 'src/routeTree.gen.ts'), 'utf8');
  const union = /fullPaths:([\s\S]*?)\n {2}fileRoutesByTo/.exec(tree)?.[1] ?? '';
  const paths = [...union.matchAll(/'([^']*)'/g)].map((match) => match[1]);
  if (!paths.includes('/app/select-organization'))
    throw new Error('could not read the route paths of routeTree.gen.ts');
  return paths;
}

// Inside the workspace, so the built module's bare imports (react, react-dom…) resolve as the source's do.
await mkdir(join(webRoot, 'node_modules'), { recursive: true });

/**
 * A page's stylesheet (the public pages' src/public-site/public-site.css, the portal's
 * src/portal-app/portal.css), moved from a <link> into the page itself: a render-blocking request fewer before
 * the first paint (docs/decisions/006). The page is its only user, so the file goes too.
 */
async function inlineStylesheet(template, name) {
  const links = [...template.matchAll(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error(`${name}: expected one stylesheet, found ${links.length}`);
  const [link, file] = links[0];
  const css = await readFile(join(outDir, file), 'utf8');
  if (css.includes('</style')) throw new Error(`${file} cannot be inlined: it contains "</style"`);
  await rm(join(outDir, file));
  return template.replace(link, () => `<style>${css}</style>`);
}

const ssrDir = await mkdtemp(join(webRoot, 'node_modules', '.public-site-ssr-'));
try {
  await build({
    ...shared,
    build: { ssr: 'src/public-site/render.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
  });
  const { renderPublicPages } = await import(pathToFileURL(join(ssrDir, 'render.js')).href);
  const templateFile = join(outDir, 'public-site.html');
  const pages = await renderPublicPages(
    await inlineStylesheet(await readFile(templateFile, 'utf8'), 'public-site.html'),
  );
  for (const page of pages) {
    const file = join(outDir, 'prerendered', page.language, page.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page.html);
  }
  await rm(templateFile);
  console.log(`Pre-rendered ${pages.length} public pages into ${join(outDir, 'prerendered')}`);

  await build({
    ...shared,
    build: { ssr: 'src/portal-app/render.tsx', outDir: join(ssrDir, 'portal'), copyPublicDir: false },
  });
  const { renderPortalShells } = await import(pathToFileURL(join(ssrDir, 'portal', 'render.js')).href);
  const portalTemplate = join(outDir, 'portal.html');
  const portalHtml = await inlineStylesheet(await readFile(portalTemplate, 'utf8'), 'portal.html');
  for (const shell of await renderPortalShells(portalHtml)) {
    await writeFile(join(outDir, 'prerendered', shell.language, 'portal.html'), shell.html);
  }
  await rm(portalTemplate);
  console.log(`Pre-rendered the portal's shell into ${join(outDir, 'prerendered')}`);
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
