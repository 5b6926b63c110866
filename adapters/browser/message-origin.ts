import type { z } from 'zod';

/** The origin of an absolute URL, or undefined for anything unparsable. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

export interface MessageFilter<T> {
  /** Origins a message may come from; checked first, on every message (DESIGN.md). */
  readonly origins: () => readonly (string | undefined)[];
  /** When given, the message must also come from one of these windows (the popup or frame we opened). */
  readonly sources?: () => readonly (MessageEventSource | null | undefined)[];
  /** The message shape; anything else is ignored. */
  readonly schema: z.ZodType<T>;
  readonly onMessage: (message: T, event: MessageEvent) => void;
}

/**
 * Listens for postMessage messages that pass the origin check, the source check and the schema.
 * Returns the remover.
 */
export function listenForMessages<T>(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  filter: MessageFilter<T>,
): () => void {
  const listener = (event: MessageEvent) => {
    if (!filter.origins().some((origin) => origin !== undefined && origin === event.origin)) return;
    if (filter.sources) {
      const allowed = filter.sources();
      if (event.source === null || !allowed.some((source) => source && source === event.source))
        return;
    }
    const parsed = filter.schema.safeParse(event.data);
    if (parsed.success) filter.onMessage(parsed.data, event);
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
