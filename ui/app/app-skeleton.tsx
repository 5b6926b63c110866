import { CreateHeading } from '../features/create/components/create-heading';
import { AppShell } from '../features/shell/components/app-shell';

const nothing = () => undefined;

/**
 * What a signed-in visitor sees while the app starts: the shell and the Create view's title, where
 * the app will put them, inert. index.html holds it too (prerendered), so a returning visitor's
 * phone paints the app's frame before any script has run, and the app then takes its place.
 */
export function AppSkeleton(props: { label: string }) {
  return (
    <div className="pw-skeleton" role="status" aria-label={props.label} aria-busy="true">
      {/* inert: nothing in it answers or takes focus; aria-hidden too, for the tools that do not know inert. */}
      <div inert aria-hidden="true">
        <AppShell
          view="create"
          onViewChange={nothing}
          displayName=""
          avatarUrl={undefined}
          credits={undefined}
          planLabel="Upgrade"
          onSettings={nothing}
          onSignOut={nothing}
          onUpgrade={nothing}
        >
          <div className="pw-create">
            <section>
              <CreateHeading />
            </section>
          </div>
        </AppShell>
      </div>
    </div>
  );
}
