import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ERROR_CODES, type ErrorBody } from '../../adapters/platform/src/api';
import { PlatformError } from './platform-error';
import { callerLeft } from './request-logging';

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.authentication,
  403: ERROR_CODES.accessDenied,
  404: ERROR_CODES.notFound,
  412: ERROR_CODES.preconditionFailed,
  413: ERROR_CODES.payloadTooLarge,
  429: ERROR_CODES.rateLimitExceeded,
  503: ERROR_CODES.serviceUnavailable,
};

export function errorBody(
  message: string,
  code: string,
  context?: Record<string, unknown>,
  details?: unknown,
): ErrorBody {
  return { error: { message, code, details, context } };
}

/** What fastify's own errors (body parsing, limits) mean to a platform client. */
function fromFastify(error: FastifyError, bodyLimit: number | undefined): PlatformError {
  const status = error.statusCode ?? 500;
  if (status === 413) {
    const limit = bodyLimit ? ` of ${Math.round(bodyLimit / 1024 / 1024)} MB` : '';
    return new PlatformError(
      413,
      ERROR_CODES.payloadTooLarge,
      `Request body is larger than the limit${limit}.`,
    );
  }
  if (status === 415)
    return new PlatformError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? ERROR_CODES.validation;
    return new PlatformError(
      status,
      code,
      error.message.startsWith('Body') || status === 400
        ? `Invalid request: ${error.message}`
        : error.message,
    );
  }
  return new PlatformError(
    500,
    ERROR_CODES.unknown,
    'Internal error: the platform could not answer this request.',
  );
}

/** The one place errors become answers: always the platform's error shape, never a stack trace. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let platformError: PlatformError;
    if (error instanceof PlatformError) platformError = error;
    else if (error instanceof ZodError)
      platformError = new PlatformError(
        400,
        ERROR_CODES.validation,
        'Invalid request',
        undefined,
        error.issues,
      );
    else platformError = fromFastify(error, request.routeOptions.bodyLimit);
    if (callerLeft(error)) request.log.info('caller left before the answer began');
    else if (platformError.statusCode >= 500 && !(error instanceof PlatformError))
      request.log.error({ err: error }, 'unhandled');
    if (platformError.headers) void reply.headers(platformError.headers);
    return reply
      .code(platformError.statusCode)
      .type('application/json; charset=utf-8')
      .send(
        errorBody(
          platformError.message,
          platformError.code,
          platformError.context,
          platformError.details,
        ),
      );
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errorBody(
          `Not found: ${request.method} ${request.url.split('?')[0]}`,
          ERROR_CODES.notFound,
        ),
      ),
  );
}
