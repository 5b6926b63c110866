import { Command } from 'commander';
import { PRESET_COSTUMES, PRESET_PETS } from '../../domain/model/presets';
import type { CliContext } from '../connect';
import { writeJson } from '../json-output';
import { table } from '../table';
import { layoutFor } from '../terminal-style';

/** pawloween presets: the 18 pets and 18 costumes that --pet and --costume accept by id. */
export function presetsCommand(ctx: CliContext): Command {
  return new Command('presets')
    .description('list the preset pets and costumes')
    .option('--json', 'print a JSON object')
    .action((options: { json?: boolean }) => {
      const { stdout } = ctx.io;
      if (options.json) {
        writeJson(stdout, { pets: PRESET_PETS, costumes: PRESET_COSTUMES });
        return;
      }
      const layout = layoutFor(stdout, ctx.io.env);
      const rows = (presets: typeof PRESET_PETS) => presets.map((p) => [p.id, p.name]);
      stdout.write(
        `Pets (${PRESET_PETS.length})\n${table(['Id', 'Name'], rows(PRESET_PETS), layout)}\n`,
      );
      stdout.write(
        `Costumes (${PRESET_COSTUMES.length})\n${table(['Id', 'Name'], rows(PRESET_COSTUMES), layout)}`,
      );
    });
}
