import '../create-heading.css';
import { useAppConfig } from '../../../app/config-context';

/**
 * The Create view's title and line under it. Also painted by the signed-in skeleton (a returning
 * visitor's first paint), so it carries no state and no styles of its own (create.css has them).
 */
export function CreateHeading() {
  const config = useAppConfig();
  return (
    <>
      <h1 id="pw-create-title" className="pw-display pw-create__title">
        Create a Costume
      </h1>
      <p className="pw-create__subtitle">
        Pick your pet and a costume, then let {config.name} work its magic.
      </p>
    </>
  );
}
