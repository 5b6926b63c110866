import { e2ePlatform } from './platform';

export type Fault = 'video-fail' | 'run-fail' | '503' | '402' | '429' | 'slow';

/** Arms the local platform's fault injection (PAWLOWEEN_FAULTS=1): the next `count` runs do `next`. */
export async function armFault(
  next: Fault,
  options: { count?: number; path?: string } = {},
): Promise<void> {
  const { baseUrl, projectToken } = e2ePlatform();
  const response = await fetch(`${baseUrl}/__faults`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${projectToken}`,
    },
    body: JSON.stringify({ next, count: options.count ?? 1, path: options.path ?? '/v1/run' }),
  });
  if (!response.ok)
    throw new Error(
      `Arming fault ${next} failed: HTTP ${response.status} ${await response.text()}`,
    );
}

/** Disarms every fault so one journey's leftovers never reach the next. */
export async function clearFaults(): Promise<void> {
  const { baseUrl, projectToken } = e2ePlatform();
  const response = await fetch(`${baseUrl}/__faults`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${projectToken}` },
  });
  if (!response.ok && response.status !== 404)
    throw new Error(`Clearing faults failed: HTTP ${response.status}`);
}
