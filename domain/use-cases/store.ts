export type Listener = () => void;

/**
 * Observable state shaped for React's useSyncExternalStore and a CLI progress bar alike: every
 * change replaces the snapshot with a new frozen object, so identity tells whether it changed.
 */
export class Store<S extends object> {
  private state: S;
  private readonly listeners = new Set<Listener>();

  constructor(initial: S) {
    this.state = Object.freeze({ ...initial });
  }

  /** Bound, so it can be handed to useSyncExternalStore as is. */
  readonly getSnapshot = (): S => this.state;

  /** Bound, so it can be handed to useSyncExternalStore as is; returns the remover. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected update(patch: Partial<S> | ((state: S) => Partial<S>)): void {
    const changes = typeof patch === 'function' ? patch(this.state) : patch;
    const keys = Object.keys(changes) as (keyof S)[];
    if (keys.every((key) => Object.is(changes[key], this.state[key]))) return;
    this.state = Object.freeze({ ...this.state, ...changes });
    for (const listener of [...this.listeners]) listener();
  }
}
