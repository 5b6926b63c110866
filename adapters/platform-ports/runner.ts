import type { z } from 'zod';
import type {
  RunCharge,
  RunnerPort,
  RunOptions,
  RunRead,
  RunResult,
  StreamOptions,
} from '../../domain/ports/runner.port';
import type { PlatformClient, ResponseFormat, RunState, TextStream } from '../platform/src';
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
      namingRun(
        this.client.run.streamText({
          model,
          input,
          response_format: options.responseFormat as Format | undefined,
          signal: options.signal,
          idempotencyKey: options.idempotencyKey,
          mode: options.mode,
          timeout: this.options.runTimeout,
        }),
        options.onRunId,
      ),
    );
  }

  async cancel(runId: string): Promise<RunCharge> {
    return chargeOf(await translated(() => this.client.runs.cancel(runId)));
  }

  async charge(runId: string): Promise<RunCharge> {
    return chargeOf(await translated(() => this.client.runs.get(runId)));
  }

  async read(id: string): Promise<RunRead> {
    const { output, usage, status } = await translated(() => this.client.runs.get(id));
    return { id, output, usage, status };
  }
}

/** The stream's pieces, telling onRunId the run's id as soon as the client read it. */
async function* namingRun(
  stream: TextStream,
  onRunId: ((runId: string) => void) | undefined,
): AsyncGenerator<string> {
  let named = false;
  for await (const piece of stream) {
    if (!named && stream.runId) {
      named = true;
      onRunId?.(stream.runId);
    }
    yield piece;
  }
}

const chargeOf = (state: RunState): RunCharge => ({
  status: state.status,
  cost: state.usage?.cost ?? 0,
});
