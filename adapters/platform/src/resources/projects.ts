import { API_PATHS } from '../api/paths';
import { DemoProjectResponse } from '../api/projects';
import { callOptions, type CallOptions } from '../call-options';
import { APIPromise } from '../api-promise';
import type { Transport } from '../internal/transport';
import { userKeyRequired } from './require-user';

/** POST /v1/platform/projects/demo: a demo project for the user, who is named by the user key as bearer. */
export class Projects {
  constructor(private readonly client: Transport) {}

  demo(options: CallOptions = {}): APIPromise<DemoProjectResponse> {
    return APIPromise.from(() => {
      const { userKey } = this.client.options;
      if (!userKey) throw userKeyRequired('demo project');
      return this.client.requestWithId(
        { method: 'POST', path: API_PATHS.demoProject, bearer: userKey, ...callOptions(options) },
        DemoProjectResponse,
      );
    });
  }
}
