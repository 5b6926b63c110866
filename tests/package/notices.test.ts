import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSETS } from '../../scripts/pack-platform';
import { platformNotices } from '../../scripts/platform-notices';
import { isModelFile, unnoticedFiles } from './notices';

const repo = path.resolve(import.meta.dirname, '../..');

/** The files pack:platform copies beside the compiled platform, as the package holds them. */
function shippedAssets(): string[] {
  return ASSETS.flatMap((asset) => {
    const from = path.join(repo, asset);
    const files = statSync(from).isDirectory()
      ? readdirSync(from, { recursive: true, encoding: 'utf8' })
          .map((file) => path.join(asset, file))
          .filter((file) => statSync(path.join(repo, file)).isFile())
      : [asset];
    return files.map((file) => `lib/${file.split(path.sep).join('/')}`);
  });
}

describe("the platform package's THIRD_PARTY_NOTICES.md", () => {
  const notice = platformNotices([]);

  it('names each model file the package ships by its path, and covers every other asset', () => {
    const files = shippedAssets();
    expect(files.filter(isModelFile).sort()).toEqual([
      'lib/mock-server/workflow/locate/centernet/centernet.bin',
      'lib/mock-server/workflow/locate/centernet/centernet.json',
      'lib/mock-server/workflow/locate/head-probe.json',
    ]);
    expect(unnoticedFiles(files, notice)).toEqual([]);
  });

  it('fails a new model file, or a new asset, that it does not name', () => {
    const added = [
      'lib/mock-server/workflow/locate/centernet/centernet-2.bin',
      'lib/mock-server/workflow/locate/segmenter/model.json',
      'lib/mock-server/workflow/locate/segmenter/weights.onnx',
      'lib/dist/assets/new-font.ttf',
    ];
    expect(unnoticedFiles([...shippedAssets(), ...added], notice)).toEqual(added);
  });

  it('takes no folder as naming a model file: each needs a line of its own', () => {
    const file = 'lib/mock-server/workflow/locate/centernet/centernet.bin';
    const folderOnly = notice.replace(`- \`${file}\``, '- `lib/mock-server/workflow/locate/`');
    expect(unnoticedFiles([file], folderOnly)).toEqual([file]);
  });
});
