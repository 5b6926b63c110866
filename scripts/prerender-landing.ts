// Vite plugin: writes the landing page's HTML into the built index.html, so a visitor's phone paints
// the page (and fetches its largest image) before the app's script has loaded, and next to it the
// signed-in skeleton (the app's frame and the Create view's title), which a returning signed-in
// visitor sees instead. Both are inert (a click before the app starts would do nothing); a tiny
// blocking script (boot.js, built from ui/boot/boot.ts) marks <html> when a token is stored or
// arriving, and CSS picks the page.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, minify, transformWithOxc, type Plugin } from 'vite';
import type { BootPlan } from '../ui/boot/boot.ts';
import { STORAGE_KEYS } from '../domain/model/constants.ts';

const ROOT_DIV = '<div id="root"></div>';
export const PRERENDERED_CLASS = 'pw-prerendered';
export const PRERENDERED_APP_CLASS = 'pw-prerendered-app';
export const RETURNING_CLASS = 'pw-returning';

/** How long the app's script waits for the page's largest paint before it loads anyway. */
export const LARGEST_PAINT_WAIT_MS = 1000;

/**
 * boot.js: ui/boot/boot.ts (typed, linted and tested like the rest) with its types stripped, called
 * with this build's plan. The function uses nothing from outside itself, so it runs on its own.
 */
async function bootScript(root: string, plan: BootPlan): Promise<string> {
  const file = path.join(root, 'ui/boot/boot.ts');
  const { code } = await transformWithOxc(await readFile(file, 'utf8'), file, {
    lang: 'ts',
    target: 'es2020',
  });
  const body = code.replace(/^export function boot\(/m, 'function boot(');
  if (/^\s*(import|export)\b/m.test(body))
    throw new Error(
      'ui/boot/boot.ts must hold the boot function alone: no imports or other exports',
    );
  const script = `(function () {\n${body}\nboot(${JSON.stringify(plan)});\n})();\n`;
  const minified = await minify('boot.js', script, { compress: true, mangle: true });
  if (minified.errors.length > 0) throw new Error(`boot.js: ${minified.errors[0]!.message}`);
  return `${minified.code}\n`;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

async function renderPages(root: string): Promise<{ landing: string; skeleton: string }> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const module = (await server.ssrLoadModule('/ui/prerender.tsx')) as {
      renderLanding: () => string;
      renderSignedInSkeleton: () => string;
    };
    return { landing: module.renderLanding(), skeleton: module.renderSignedInSkeleton() };
  } finally {
    await server.close();
  }
}

/** A built JS chunk: what it imports statically, and the stylesheets vite adds with it. */
interface ChunkFacts {
  readonly name: string;
  readonly imports: readonly string[];
  readonly css: readonly string[];
}

/** The lazily loaded chunks a signed-in visitor needs at once, with everything they import. */
const SIGNED_IN_CHUNKS = ['full-app', 'signed-in-app'];

/**
 * The scripts and stylesheets a returning signed-in visitor's page fetches while the entry loads:
 * the whole app's chunk and the signed-in app's, each with its static imports, less what the
 * entry already preloads.
 */
function signedInChunks(chunks: ReadonlyMap<string, ChunkFacts>, entryPreloads: readonly string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const url = `/${fileName}`;
    if (scripts.has(url) || entryPreloads.includes(url)) return;
    scripts.add(url);
    const chunk = chunks.get(fileName);
    chunk?.css.forEach((css) => styles.add(`/${css}`));
    chunk?.imports.forEach(visit);
  };
  for (const [fileName, chunk] of chunks)
    if (SIGNED_IN_CHUNKS.includes(chunk.name)) visit(fileName);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The skeleton's title font, as built (its @font-face is in ui/styles/base.css). */
const TITLE_FONT = /^assets\/creepster-latin-400-normal-[\w-]+\.woff2$/;

export function prerenderLanding(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  const chunks = new Map<string, ChunkFacts>();
  let titleFont: string | undefined;
  return {
    name: 'pawloween-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (TITLE_FONT.test(output.fileName)) titleFont = `/${output.fileName}`;
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          name: output.name,
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
    },
    // Before precompress writes index.html's .br and .gz.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const file = path.join(outDir, 'index.html');
        const html = await readFile(file, 'utf8');
        if (!html.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV}`);
        const { landing, skeleton } = await renderPages(root);
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('index.html has no entry module script');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
        const signedInApp = signedInChunks(chunks, preloads);
        if (!signedInApp.scripts.some((file) => /\/signed-in-app-[\w-]+\.js$/.test(file)))
          throw new Error('no signed-in-app chunk in the build');
        if (!titleFont) throw new Error(`no font matching ${TITLE_FONT} in the build`);
        await writeFile(
          path.join(outDir, 'boot.js'),
          await bootScript(root, {
            entry,
            preloads,
            signedInApp: { ...signedInApp, titleFont },
            tokenKey: STORAGE_KEYS.accessToken,
            returningClass: RETURNING_CLASS,
            heroSelector: `.${PRERENDERED_CLASS} img.pw-hero__after`,
            largestPaintWaitMs: LARGEST_PAINT_WAIT_MS,
          }),
        );
        await writeFile(
          file,
          html
            .replace(ENTRY_SCRIPT, '')
            .replace(MODULE_PRELOAD, '')
            .replace('</title>', '</title>\n    <script src="/boot.js"></script>')
            .replace(
              ROOT_DIV,
              `<div id="root"><div class="${PRERENDERED_CLASS}" inert>${landing}</div><div class="${PRERENDERED_APP_CLASS}" inert>${skeleton}</div></div>`,
            ),
        );
      },
    },
  };
}
