import './deployment.css';
import type { AppConfig } from '../../domain/model/app-config';
import { PumpkinIcon } from '../components/icons';
import { reachProblem, reachProblemText } from './platform-reach';
import { loadRuntimeConfig, RuntimeConfigError, type RuntimeConfig } from './runtime-config';
import { themeStyle } from './theme-style';

/** How this page reaches its platform, or what the person who deployed it must change. */
export type Deployment =
  | { readonly runtime: RuntimeConfig; readonly problem?: undefined }
  | { readonly runtime?: undefined; readonly problem: string };

/**
 * Reads the deployment's settings (README "Deploy"). A deployer's mistake comes back as the
 * sentence that names it, and is logged to the console, where they will look next.
 */
export async function settleDeployment(
  document: Document,
  location: Location,
): Promise<Deployment> {
  try {
    return { runtime: await loadRuntimeConfig(document, location) };
  } catch (error) {
    if (!(error instanceof RuntimeConfigError)) throw error;
    return told(error.message);
  }
}

/** What the deployer must change, if anything: the settings file, then whether the page may call its platform. */
export async function deploymentProblem(
  document: Document,
  location: Location,
): Promise<string | undefined> {
  const settled = await settleDeployment(document, location);
  return settled.problem ?? (await reachCheck(settled.runtime, document, location));
}

/**
 * For a platform on another origin: whether this page may call it at all (its CORS, the host's
 * CSP), said as what to change.
 */
export async function reachCheck(
  runtime: RuntimeConfig,
  document: Document,
  location: Location,
): Promise<string | undefined> {
  if (new URL(runtime.platformUrl).origin === location.origin) return undefined;
  const problem = await reachProblem(runtime.platformUrl, document);
  return problem && told(reachProblemText(problem, runtime.platformUrl, location.origin)).problem;
}

function told(problem: string): { readonly problem: string } {
  console.error(`Pawloween is not set up right: ${problem}`);
  return { problem };
}

/** The deployer's mistake, said in the app's own frame, rather than calls to the wrong host. */
export function DeploymentProblem(props: { config: AppConfig; message: string }) {
  const { config } = props;
  return (
    <div className="pw-app" style={themeStyle(config.colors)}>
      <header className="pw-header">
        <div className="pw-header__brand">
          <PumpkinIcon className="pw-header__logo" />
          <span className="pw-display">{config.name}</span>
        </div>
      </header>
      <main className="pw-config-error" role="alert" aria-labelledby="pw-config-error-title">
        <h1 id="pw-config-error-title" className="pw-display">
          {config.name} is not set up right
        </h1>
        <p>{props.message}</p>
        <p className="pw-config-error__hint">
          Nothing was signed in or charged. Once the setting is changed, reload this page.
        </p>
      </main>
    </div>
  );
}
