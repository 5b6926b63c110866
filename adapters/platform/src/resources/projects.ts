import { API_PATHS } from '../api/paths';
import { DemoProjectResponse } from '../api/projects';
import { callOptions, type CallOptions } from '../call-options';
import type { Transport } from '../internal/transport';
import { userKeyRequired } from './require-user';

/** POST /v1/platform/projects/demo: a demo project for the user, who is named by the user key as bearer. */
export class Projects {
  constructor(private readonly client: Transport) {}

  async demo(options: CallOptions = {}): Promise<DemoProjectResponse> {
    const { userKey } = this.client.options;
    if (!userKey) throw userKeyRequired('demo project');
    return this.client.request(
      { method: 'POST', path: API_PATHS.demoProject, bearer: userKey, ...callOptions(options) },
      DemoProjectResponse,
    );
  }
}
