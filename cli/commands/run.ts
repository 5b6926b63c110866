import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import type { StreamMode } from '../../domain/use-cases/run-model';
import type { CliContext } from '../connect';
import { usageError } from '../handle-error';
import { writeJson } from '../json-output';
import { visible } from '../terminal-text';

interface RunOptions {
  input: string;
  stream?: boolean;
  mode: StreamMode;
  schema?: string;
  json?: boolean;
}

function parseInput(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw usageError('--input must be JSON, for example --input \'{"prompt":"a black cat"}\'.');
  }
  if (typeof value === 'string' || (typeof value === 'object' && value && !Array.isArray(value)))
    return value as Record<string, unknown> | string;
  throw usageError('--input must be a JSON object or a JSON string.');
}

/** A JSON Schema file becomes a strict json_schema response format (SPEC.md 5). */
async function responseFormat(file: string | undefined) {
  if (!file) return undefined;
  let schema: unknown;
  try {
    schema = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw usageError(`--schema ${file}: ${(error as Error).message}`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw usageError(`--schema ${file}: a JSON Schema object is expected.`);
  const name =
    path
      .basename(file)
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9_-]/g, '_') || 'output';
  return { type: 'json_schema', json_schema: { name, schema, strict: true } } as const;
}

/** Text outputs print as text; anything else as JSON. */
function render(output: readonly unknown[] | undefined): string {
  const contents = (output ?? []).map((entry) => (entry as { content?: unknown } | null)?.content);
  if (contents.length > 0 && contents.every((c) => typeof c === 'string'))
    return contents.join('\n');
  return JSON.stringify(output ?? [], undefined, 2);
}

/** pawloween run <model>: any model or workflow of the platform, whole or streamed. */
export function runCommand(ctx: CliContext): Command {
  return new Command('run')
    .description('run any model or workflow; --stream prints the answer as it comes')
    .argument('<model>', "a model id, or 'workflow/<uuid>'")
    .requiredOption('--input <json>', 'the input, as JSON')
    .option('--stream', 'stream the answer to stdout')
    .addOption(
      new Option('--mode <mode>', 'how streamed text is handed out')
        .choices(['chunk', 'letter', 'word'])
        .default('chunk'),
    )
    .option('--schema <file>', 'a JSON Schema file the answer must follow')
    .option('--json', 'print the whole output list as JSON')
    .action(async (model: string, options: RunOptions, command: Command) => {
      const input = parseInput(options.input);
      const format = await responseFormat(options.schema);
      const { stdout } = ctx.io;
      const connection = await ctx.connect(command);
      try {
        if (options.stream) {
          const pieces = connection.services.runModel.stream(model, input, {
            responseFormat: format,
            mode: options.mode,
          });
          for await (const piece of pieces) stdout.write(visible(piece, { keepLines: true }));
          stdout.write('\n');
          return;
        }
        const result = await connection.services.runModel.run(model, input, {
          responseFormat: format,
        });
        if (options.json) writeJson(stdout, result.output ?? []);
        else stdout.write(`${visible(render(result.output), { keepLines: true })}\n`);
      } finally {
        connection.close();
      }
    });
}
