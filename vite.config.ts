import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { prerenderLanding } from './scripts/prerender-landing.ts';

// One build, three pages: the app at /, the preview entry and its editor-like host under /preview/.
export default defineConfig({
  plugins: [react(), prerenderLanding(), precompress()],
  publicDir: 'ui/public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        app: 'index.html',
        preview: 'preview/index.html',
        host: 'preview/host.html',
      },
    },
  },
  server: {
    // `npm run dev` serves the UI with hot reload and forwards platform calls to `npm run serve`.
    proxy: Object.fromEntries(
      ['/v1', '/auth', '/files', '/subscribe', '/checkout', '/publish', '/presets'].map((path) => [
        path,
        'http://localhost:8787',
      ]),
    ),
  },
});
