// npm run locate -- FILE...: where the pet locator finds the pet in each photo, one JSON line per
// file, in pixels of the picture as seen (after EXIF orientation). How placement is reviewed.
import { readFile } from 'node:fs/promises';
import { locatePet, warmUpLocator } from '../mock-server/workflow/locate/locate-pet';

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('Usage: npm run locate -- FILE...\n');
  process.exit(2);
}

await warmUpLocator();
let failed = 0;
for (const file of files) {
  try {
    const { width, height, head, body, confidence, method, facing } = await locatePet(
      await readFile(file),
    );
    process.stdout.write(
      `${JSON.stringify({ file, width, height, head, body, confidence, method, facing })}\n`,
    );
  } catch (error) {
    failed++;
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${file}: cannot locate a pet: ${reason}\n`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
