// Vite plugin: writes the landing page's HTML into the built index.html, so a visitor's phone paints
// the page (and fetches its largest image) before the app's script has loaded. The prerendered tree
// is inert (a click before the app starts would do nothing) and hidden for a returning signed-in
// visitor by a tiny blocking script (boot.js) that marks <html> when a token is stored or arriving.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { STORAGE_KEYS } from '../domain/model/constants';

const ROOT_DIV = '<div id="root"></div>';
export const PRERENDERED_CLASS = 'pw-prerendered';
export const RETURNING_CLASS = 'pw-returning';

/**
 * Runs before the first paint: marks <html> when the visitor is (or is becoming) signed in, and
 * starts the app's script, at once for them, after the first paint for everyone else (the
 * prerendered landing page needs no script to be seen).
 */
const bootScript = (
  entry: string,
  preloads: readonly string[],
  signedInApp: { scripts: readonly string[]; styles: readonly string[] },
) => `(function () {
  var signedIn = false;
  try {
    signedIn = Boolean(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.accessToken)})) || /[?&]accessToken=/.test(location.search);
  } catch (error) {}
  if (signedIn) document.documentElement.classList.add(${JSON.stringify(RETURNING_CLASS)});
  function add(tag, properties) {
    var element = document.createElement(tag);
    for (var name in properties) element[name] = properties[name];
    document.head.appendChild(element);
  }
  function preload(href) {
    add('link', { rel: 'modulepreload', crossOrigin: '', href: href });
  }
  function preloadStyle(href) {
    add('link', { rel: 'preload', as: 'style', href: href });
  }
  function start() {
    ${JSON.stringify(preloads)}.forEach(preload);
    add('script', { type: 'module', crossOrigin: '', src: ${JSON.stringify(entry)} });
  }
  function startSignedIn() {
    start();
    // The rest of the app, the signed-in app's own chunk and their styles would otherwise wait for
    // the entry to run and the session to start (the styles even for their chunk to run: vite adds
    // them when the chunk is imported).
    ${JSON.stringify(signedInApp.scripts)}.forEach(preload);
    ${JSON.stringify(signedInApp.styles)}.forEach(preloadStyle);
  }
  if (signedIn) startSignedIn();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();
`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

async function renderLanding(root: string): Promise<string> {
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
    };
    return module.renderLanding();
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

export function prerenderLanding(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  const chunks = new Map<string, ChunkFacts>();
  return {
    name: 'pawloween-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
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
        const landing = await renderLanding(root);
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('index.html has no entry module script');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
        const signedInApp = signedInChunks(chunks, preloads);
        if (!signedInApp.scripts.some((file) => /\/signed-in-app-[\w-]+\.js$/.test(file)))
          throw new Error('no signed-in-app chunk in the build');
        await writeFile(path.join(outDir, 'boot.js'), bootScript(entry, preloads, signedInApp));
        await writeFile(
          file,
          html
            .replace(ENTRY_SCRIPT, '')
            .replace(MODULE_PRELOAD, '')
            .replace('</title>', '</title>\n    <script src="/boot.js"></script>')
            .replace(
              ROOT_DIV,
              `<div id="root"><div class="${PRERENDERED_CLASS}" inert>${landing}</div></div>`,
            ),
        );
      },
    },
  };
}
