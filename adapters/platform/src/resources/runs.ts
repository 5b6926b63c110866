import { API_PATHS } from '../api/paths';
import { RunState } from '../api/run';
import type { APIPromise } from '../api-promise';
import { callOptions, type CallOptions } from '../call-options';
import type { Transport } from '../internal/transport';

/**
 * A run by its id (a workflow stream's `runId`, a run answer's `id`), for the caller that started
 * it; anyone else gets NotFoundError. A run costs what it delivered: reading one still going hands
 * its image out (charged from then), and cancelling one before anything was delivered is free.
 */
export class Runs {
  constructor(private readonly client: Transport) {}

  /** GET /v1/runs/:id: the run's status and what it delivered, with what it was charged so far. */
  get(id: string, options: CallOptions = {}): APIPromise<RunState> {
    return this.client.request(
      {
        method: 'GET',
        path: `${API_PATHS.runs}/${encodeURIComponent(id)}`,
        ...callOptions(options),
      },
      RunState,
    );
  }

  /** POST /v1/runs/:id/cancel: stops a run still going, charged only what it delivered. */
  cancel(id: string, options: CallOptions = {}): APIPromise<RunState> {
    return this.client.request(
      {
        method: 'POST',
        path: `${API_PATHS.runs}/${encodeURIComponent(id)}/cancel`,
        ...callOptions(options),
      },
      RunState,
    );
  }
}
