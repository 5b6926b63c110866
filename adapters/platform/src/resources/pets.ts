import { LocatePetRequest, PetLocationAnswer } from '../api/pets';
import { API_PATHS } from '../api/paths';
import { APIPromise } from '../api-promise';
import { callOptions, type CallOptions } from '../call-options';
import type { Transport } from '../internal/transport';

/** POST /v1/pets/locate: where the costume workflow would put a pet's head, before a run. */
export class Pets {
  constructor(private readonly client: Transport) {}

  /**
   * Where the pet locator puts the head in a photo (a base64 data URL), and whether it is sure.
   * Costs nothing; any caller of runs may ask.
   */
  locate(params: LocatePetRequest, options: CallOptions = {}): APIPromise<PetLocationAnswer> {
    return APIPromise.from(() =>
      this.client.requestWithId(
        {
          method: 'POST',
          path: API_PATHS.locatePet,
          body: LocatePetRequest.parse(params),
          ...callOptions(options),
        },
        PetLocationAnswer,
      ),
    );
  }
}
