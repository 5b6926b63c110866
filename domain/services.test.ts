// The wiring table is typed: a factory is handed what its tokens provide, in their order, and must
// make what its own token provides. The @ts-expect-error lines fail `npm run typecheck` the day a
// wrong row would compile.
import { describe, expect, it } from 'vitest';
import type { StoredGallery } from './model/gallery-item';
import { AuthPort } from './ports/auth.port';
import { ClockPort } from './ports/clock.port';
import { RunnerPort } from './ports/runner.port';
import { factory, FACTORIES, ServicesConfig, TOKENS } from './services';
import { Gallery } from './use-cases/gallery';
import { ProgressTimeline } from './use-cases/progress-timeline';
import { RunModel } from './use-cases/run-model';
import { SignIn } from './use-cases/sign-in';
import type { StorageSync } from './use-cases/storage-sync';

describe('the wiring table', () => {
  it('refuses to compile a dependency in the wrong place, of the wrong type, or the wrong product', () => {
    const rows = [
      factory(TOKENS.runModel, [RunnerPort], (runner: RunnerPort) => new RunModel(runner)),
      // @ts-expect-error the clock is asked for where the table gives the auth port
      factory(TOKENS.progress, [AuthPort], (clock: ClockPort) => new ProgressTimeline(clock)),
      factory(
        TOKENS.gallery,
        [TOKENS.galleryStorage, ClockPort, ServicesConfig],
        // @ts-expect-error two dependencies swapped: the config is taken where the clock is given
        (storage: StorageSync<StoredGallery>, config: ServicesConfig, clock: ClockPort) =>
          new Gallery(storage, config.appName ?? 'app', clock),
      ),
      factory(
        TOKENS.gallery,
        [TOKENS.profileStorage, ServicesConfig, ClockPort],
        // @ts-expect-error the profile's storage is given where the gallery's is taken
        (storage: StorageSync<StoredGallery>, config: ServicesConfig, clock: ClockPort) =>
          new Gallery(storage, config.appName ?? 'app', clock),
      ),
      // @ts-expect-error the sign-in token is bound to something that is not a SignIn
      factory(TOKENS.signIn, [RunnerPort], (runner: RunnerPort) => new RunModel(runner)),
      factory(TOKENS.signIn, [AuthPort], (auth: AuthPort) => new SignIn(auth)),
    ];
    expect(rows.map((row) => row.deps.length)).toEqual([1, 1, 3, 3, 1, 1]);
  });

  it('binds every token once', () => {
    const bound = FACTORIES.map((row) => row.token);
    expect(new Set(bound).size).toBe(bound.length);
    expect([...bound].sort(byName)).toEqual(Object.values(TOKENS).sort(byName));
  });
});

const byName = (a: symbol, b: symbol) => String(a).localeCompare(String(b));
