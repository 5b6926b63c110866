// `npm test`'s static checks (type check, lint, boundaries, formatting, dead code), two at a time:
// each is one single-threaded process, so on a 2-core machine two side by side take about half the
// time of five one after another (README gives the figures). Each check's output is printed whole
// when it ends, and the command fails when any check failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Longest first, so the short ones fill in beside them. */
const CHECKS = ['typecheck', 'lint', 'format:check', 'lint:deps', 'deadcode'];

interface Outcome {
  name: string;
  code: number | null;
  seconds: number;
  output: string;
}

function runCheck(name: string): Promise<Outcome> {
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once('error', (error) =>
      resolve({ name, code: 1, seconds: 0, output: `${output}${error.message}\n` }),
    );
    child.once('close', (code) =>
      resolve({ name, code, seconds: (Date.now() - started) / 1000, output }),
    );
  });
}

async function main() {
  const atOnce = Math.max(
    1,
    Number(process.env.CHECKS_AT_ONCE) || Math.min(2, availableParallelism()),
  );
  const queue = [...CHECKS];
  const failed: string[] = [];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const outcome = await runCheck(name);
      const verdict = outcome.code === 0 ? 'ok' : `FAILED (exit ${outcome.code})`;
      process.stdout.write(
        `\n> npm run ${name}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n${outcome.output}`,
      );
      if (outcome.code !== 0) failed.push(name);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  if (failed.length > 0) {
    process.stderr.write(`\nStatic checks failed: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

await main();
