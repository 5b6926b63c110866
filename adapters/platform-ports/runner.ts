import type { z } from 'zod';
import type {
  RunnerPort,
  RunOptions,
  RunRead,
  RunResult,
  StreamOptions,
} from '../../domain/ports/runner.port';
import type { PlatformClient, ResponseFormat } from '../platform/src';
import { translated, translatedStream } from './domain-errors';

type Format = ResponseFormat | z.ZodType;

/** The domain's runner on the platform: POST /v1/run, whole or streamed. */
export class PlatformRunner implements RunnerPort {
  /** `runTimeout`: ms for one run, a stream's whole life; the client's timeout when not given. */
  constructor(
    private readonly client: PlatformClient,
    private readonly options: { readonly runTimeout?: number } = {},
  ) {}

  async run(
    model: string,
    input: Record<string, unknown> | string,
    options: RunOptions = {},
  ): Promise<RunResult> {
    const { output, usage } = await translated(() =>
      this.client.run.create({
        model,
        input,
        response_format: options.responseFormat as Format | undefined,
        signal: options.signal,
        idempotencyKey: options.idempotencyKey,
        timeout: this.options.runTimeout,
      }),
    );
    return { output, usage };
  }

  stream(
    model: string,
    input: Record<string, unknown> | string,
    options: StreamOptions = {},
  ): AsyncIterable<string> {
    return translatedStream(() =>
      this.client.run.streamText({
        model,
        input,
        response_format: options.responseFormat as Format | undefined,
        signal: options.signal,
        idempotencyKey: options.idempotencyKey,
        mode: options.mode,
        timeout: this.options.runTimeout,
      }),
    );
  }

  async read(id: string): Promise<RunRead> {
    const { output, usage, status } = await translated(() => this.client.runs.get(id));
    return { id, output, usage, status };
  }
}
