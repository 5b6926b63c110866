// shell.css comes with the first stylesheet (ui/app/landing-shell.tsx): the signed-in skeleton
// prerendered into index.html paints the shell before any script.
import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import { BottomBar } from './bottom-bar';
import type { ShellProps } from './shell-props';

/** Header on wide screens, bottom bar on mobile (CSS decides which shows), the view in between. */
export function AppShell(props: ShellProps & { children: ReactNode }) {
  const { children, ...shell } = props;
  return (
    <div className="pw-shell">
      <AppHeader {...shell} />
      <main className="pw-shell__main" id="pw-main">
        {children}
      </main>
      <BottomBar {...shell} />
    </div>
  );
}
