// The `pawloween` entry: the real terminal and process, then the program.
import { processIo } from './io';
import { runCli } from './program';

process.exitCode = await runCli(process.argv.slice(2), processIo());
