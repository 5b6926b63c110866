import type { Cancel } from '../../domain/ports/clock.port';
import type { ConnectivityPort } from '../../domain/ports/connectivity.port';

/** navigator.onLine and the window's online event. */
export class WindowConnectivity implements ConnectivityPort {
  constructor(private readonly target: Window | undefined = globalThis.window) {}

  isOnline(): boolean {
    return this.target?.navigator.onLine ?? true;
  }

  whenOnline(fn: () => void): Cancel {
    const target = this.target;
    if (!target) {
      const timer = setTimeout(fn, 0);
      return () => clearTimeout(timer);
    }
    const onOnline = () => {
      target.removeEventListener('online', onOnline);
      fn();
    };
    target.addEventListener('online', onOnline);
    return () => target.removeEventListener('online', onOnline);
  }
}
