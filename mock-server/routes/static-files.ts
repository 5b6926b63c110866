import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** An installed font package's folder, wherever npm put it (its exports name only ./LICENSE). */
const fontFolder = (name: string) => path.dirname(require.resolve(`@fontsource/${name}/LICENSE`));
// A Map, not an object literal: a name from the URL must never find __proto__ or toString.
const FONTS = new Map<string, readonly [string, string]>([
  ['creepster.woff2', ['creepster', 'files/creepster-latin-400-normal.woff2']],
  ['nunito-400.woff2', ['nunito', 'files/nunito-latin-400-normal.woff2']],
  ['nunito-700.woff2', ['nunito', 'files/nunito-latin-700-normal.woff2']],
]);
/** The name a workflow writes a file under until it is whole (render-costume.ts). */
const PARTIAL_FILE = /\.part$/i;
const AVATAR_COLORS = ['#ff7a1a', '#9b5cf6', '#4ade80', '#f472b6', '#38bdf8', '#facc15'];

/** A default avatar drawn from the e-mail: no external image host. */
function avatarSvg(seed: string): string {
  const initial = /^[a-z0-9]/i.test(seed) ? seed[0]!.toUpperCase() : '?';
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const color = AVATAR_COLORS[hash % AVATAR_COLORS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="#21142f"/><circle cx="64" cy="64" r="58" fill="${color}"/><text x="64" y="82" font-family="sans-serif" font-size="56" font-weight="700" text-anchor="middle" fill="#130b1f">${initial}</text></svg>`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Adds the meta tag the app reads its project token from (ui/app/runtime-config.ts). */
export function withProjectToken(html: string, projectToken: string): string {
  const tag = `<meta name="pawloween-project-token" content="${escapeAttribute(projectToken)}" />`;
  if (html.includes('</head>')) return html.replace('</head>', `  ${tag}\n  </head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tag}`);
}

/** Generated files, the built app (or its public folder), and the platform pages' assets. */
export async function staticRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(fastifyStatic, {
    root: ctx.filesDir,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Each run writes new file names, so a file never changes once served.
    immutable: true,
    maxAge: '365d',
    // A file still being written (<name>.<pid>.part, renamed into place when whole) is not one yet.
    allowedPath: (pathname) => !PARTIAL_FILE.test(pathname),
  });
  await app.register(fastifyStatic, {
    root: path.join(here, '../pages/assets'),
    prefix: '/platform-assets/',
    decorateReply: false,
    index: false,
  });

  app.get<{ Params: { name: string } }>('/platform-assets/fonts/:name', (request, reply) => {
    const file = FONTS.get(request.params.name);
    if (!file) return reply.callNotFound();
    return reply
      .type('font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(path.join(fontFolder(file[0]), file[1])));
  });
  app.get<{ Querystring: { seed?: string } }>('/platform-assets/avatar.svg', (request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(avatarSvg(String(request.query.seed ?? '').slice(0, 254))),
  );

  if (ctx.distDir) {
    // The built pages learn this platform's project token at run time, so one build serves any project.
    for (const page of ['index.html', 'preview/index.html']) {
      const file = path.join(ctx.distDir, page);
      if (!existsSync(file)) continue;
      const html = withProjectToken(readFileSync(file, 'utf8'), ctx.projectToken);
      const send = (_request: unknown, reply: FastifyReply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      app.get(`/${page}`, send);
      if (page === 'index.html') app.get('/', send);
      else app.get(`/${path.dirname(page)}/`, send);
    }
    await app.register(fastifyStatic, {
      root: ctx.distDir,
      prefix: '/',
      index: false,
      decorateReply: false,
      // The build wrote .br and .gz beside every text file (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed bundles never change; pages must be re-read so a rebuild shows at once.
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    return;
  }
  for (const folder of ['presets', 'media']) {
    const root = path.join(ctx.publicDir, folder);
    if (existsSync(root))
      await app.register(fastifyStatic, {
        root,
        prefix: `/${folder}/`,
        decorateReply: false,
        index: false,
      });
  }
  app.get('/', (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>Pawloween</title><p>The app is not built yet: run <code>npm start</code> (or <code>npm run build</code>). The platform API is up.</p>',
      ),
  );
}
