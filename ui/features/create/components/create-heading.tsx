import { useAppConfig } from '../../../app/config-context';

/**
 * The Create view's title and line under it. Also painted by the signed-in skeleton (a returning
 * visitor's first paint), so it carries no state, and its styles (create-heading.css) come with the
 * first stylesheet (ui/app/landing-shell.tsx).
 */
export function CreateHeading() {
  const config = useAppConfig();
  return (
    <>
      <h1 id="pw-create-title" className="pw-display pw-create__title" tabIndex={-1}>
        Create a Costume
      </h1>
      <p className="pw-create__subtitle">
        Pick your pet and a costume, then let {config.name} work its magic.
      </p>
    </>
  );
}
