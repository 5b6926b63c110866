import type { z } from 'zod';
import type { PetSight } from '../../domain/model/face-point';
import type {
  RunnerPort,
  RunOptions,
  RunRead,
  RunResult,
  StreamOptions,
  WorkflowEvent,
} from '../../domain/ports/runner.port';
import type {
  PlatformClient,
  ResponseFormat,
  RunState,
  WorkflowModel,
  WorkflowStreamEvent,
} from '../platform/src';
import { toDomainError, translated, translatedStream } from './domain-errors';

type Format = ResponseFormat | z.ZodType;

/** The domain's runner on the platform: POST /v1/run, whole or streamed, and runs by id. */
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

  /** The client's workflow stream (its one reader of the streamed JSON) in the domain's events. */
  async *streamWorkflow(
    workflow: string,
    input: Record<string, unknown>,
    options: RunOptions = {},
  ): AsyncGenerator<WorkflowEvent> {
    try {
      const stream = this.client.run.stream({
        model: workflow as WorkflowModel,
        input,
        signal: options.signal,
        idempotencyKey: options.idempotencyKey,
        timeout: this.options.runTimeout,
      });
      for await (const event of stream) {
        const told = workflowEvent(event);
        if (told) yield told;
      }
    } catch (error) {
      yield { type: 'error', error: toDomainError(error) };
    }
  }

  async cancel(runId: string): Promise<RunRead> {
    return readOf(await translated(() => this.client.runs.cancel(runId)));
  }

  async read(id: string): Promise<RunRead> {
    return readOf(await translated(() => this.client.runs.get(id)));
  }

  async locatePet(photo: string): Promise<PetSight> {
    const { sure, head } = await translated(() => this.client.pets.locate({ image: photo }));
    return { sure, head };
  }
}

/** A client event as the domain's: usage is told by `done`, other outputs than media are not told. */
function workflowEvent(event: WorkflowStreamEvent): WorkflowEvent | undefined {
  switch (event.type) {
    case 'run':
      return { type: 'run-id', runId: event.runId };
    case 'output':
      if (event.outputType === 'image')
        return { type: 'image', url: event.url, ...(event.notice && { notice: event.notice }) };
      return event.outputType === 'video' ? { type: 'video', url: event.url } : undefined;
    case 'usage':
      return undefined;
    case 'done':
      return { type: 'done', cost: event.result.usage?.cost };
  }
}

const readOf = ({ id, output, usage, status }: RunState): RunRead => ({
  id,
  output,
  usage,
  status,
});
