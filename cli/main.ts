// The `pawloween` entry: the real terminal and process, then the program.
import { handleInterrupts, processIo } from './io';
import { runCli } from './program';

handleInterrupts();
process.exitCode = await runCli(process.argv.slice(2), processIo());
