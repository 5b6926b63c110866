// `npm run dev:all`: the app with hot reload (Vite, which forwards platform calls) and the local
// platform together, in one terminal. Ctrl-C stops both; if either stops, so does the other.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const VITE_ORIGIN = 'http://localhost:5173';
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'mock-server/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Sign-in returns to Vite's origin, which the platform must allow (README "Configuration").
    env: { ...process.env, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? VITE_ORIGIN },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(130));
