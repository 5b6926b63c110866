import type { Transport } from '../internal/transport';
import { ENVIRONMENT_VARIABLES } from '../config';
import { ValidationError } from '../errors';

// The platform's own words (SPEC.md section 5): these calls are about one user, so a user must be named.
export function userKeyRequired(
  what: 'subscription status' | 'usage limits' | 'demo project',
): ValidationError {
  return new ValidationError({
    message: `User key is required to get ${what}. Provide userKey in client configuration.${what === 'demo project' ? '' : ` Or sign the user in and give their accessToken (the option, setCredentials(), or ${ENVIRONMENT_VARIABLES.accessToken} in the environment).`}`,
  });
}

/** A user is named by a user key, a user-token provider, or a signed-in user's access token. */
export function requireUser(client: Transport, what: 'subscription status' | 'usage limits'): void {
  const { userKey, getUserToken, accessToken } = client.options;
  if (!userKey && !getUserToken && !accessToken) throw userKeyRequired(what);
}
