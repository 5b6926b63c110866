import { FacePoint } from '../../domain/model/face-point';
import type { InputSource } from '../../domain/model/generation';
import type { PendingRun, PendingRunPort } from '../../domain/ports/pending-run.port';

/** Where the pending run is kept: this tab's sessionStorage, which a reload keeps. */
export const PENDING_RUN_KEY = 'pawloween-pending-run';

/** The most the pending run may take of sessionStorage (its quota is about 5 MB a site). */
export const PENDING_RUN_MAX_CHARS = 4_000_000;

/**
 * The run sent and not yet settled, kept in sessionStorage so a reload mid-run sends it again
 * with its key (issue 31). Inputs too large to keep leave the key alone, so the page can say
 * what happened. Once the page is being left (pagehide) nothing is cleared: the run the reload
 * cut off must still be there when the page comes back.
 */
export class SessionPendingRunStore implements PendingRunPort {
  private leaving = false;

  constructor(
    private readonly storage: Storage | undefined = safeSessionStorage(),
    target: Window | undefined = globalThis.window,
  ) {
    target?.addEventListener('pagehide', () => (this.leaving = true));
    target?.addEventListener('pageshow', () => (this.leaving = false));
  }

  save(run: PendingRun): boolean {
    if (!this.storage || this.leaving) return false;
    const whole = JSON.stringify(run);
    try {
      if (whole.length > PENDING_RUN_MAX_CHARS) throw new RangeError('too large');
      this.storage.setItem(PENDING_RUN_KEY, whole);
      return true;
    } catch {
      try {
        this.storage.setItem(
          PENDING_RUN_KEY,
          JSON.stringify({ key: run.key, startedAt: run.startedAt }),
        );
      } catch {
        // Nothing can be kept: a reload then starts afresh.
      }
      return false;
    }
  }

  load(): ReturnType<PendingRunPort['load']> {
    const text = this.read();
    if (!text) return undefined;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      if (typeof value.key !== 'string' || typeof value.startedAt !== 'number') return undefined;
      const inputs = value.inputs as Record<string, unknown> | undefined;
      const mode = value.mode;
      const pet = inputSource(inputs?.pet);
      const costume = inputSource(inputs?.costume);
      const runId = typeof value.runId === 'string' ? { runId: value.runId } : {};
      if ((mode === 'upload' || mode === 'presets') && pet && costume)
        return {
          key: value.key,
          startedAt: value.startedAt,
          mode,
          inputs: {
            pet,
            costume,
            ...(inputs?.keepBackground === true ? { keepBackground: true } : {}),
          },
          ...runId,
        };
      return { key: value.key, startedAt: value.startedAt };
    } catch {
      return undefined;
    }
  }

  clear(): void {
    if (this.leaving) return;
    try {
      this.storage?.removeItem(PENDING_RUN_KEY);
    } catch {
      // Storage refused: the entry expires with the tab.
    }
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(PENDING_RUN_KEY) ?? null;
    } catch {
      return null;
    }
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** One side as it was kept: a preset id or an upload's data URL; anything else is unreadable. */
function inputSource(value: unknown): InputSource | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const side = value as Record<string, unknown>;
  if (side.source === 'preset' && typeof side.id === 'string')
    return { source: 'preset', id: side.id };
  if (side.source === 'upload' && typeof side.dataUrl === 'string') {
    const face = FacePoint.safeParse(side.face);
    return { source: 'upload', dataUrl: side.dataUrl, ...(face.success && { face: face.data }) };
  }
  return undefined;
}
