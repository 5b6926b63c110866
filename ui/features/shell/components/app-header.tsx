import { useAppConfig } from '../../../app/config-context';
import { GearIcon, PumpkinIcon, SignOutIcon } from '../../../components/icons';
import { Avatar } from './avatar';
import type { ShellProps } from './shell-props';

/** The wide-screen header (SPEC.md section 2 "Signed-in app"). */
export function AppHeader(props: ShellProps) {
  const config = useAppConfig();
  const tab = (view: ShellProps['view'], label: string) => (
    <button
      type="button"
      className={`pw-tab${props.view === view ? ' is-active' : ''}`}
      aria-current={props.view === view ? 'page' : undefined}
      onClick={() => props.onViewChange(view)}
    >
      {label}
    </button>
  );
  return (
    <header className="pw-header">
      <div className="pw-header__brand">
        <PumpkinIcon className="pw-header__logo" />
        <span className="pw-display">{config.name}</span>
      </div>
      <nav className="pw-header__tabs" aria-label="Main">
        {tab('create', 'Create')}
        {tab('gallery', 'My Gallery')}
      </nav>
      <div className="pw-header__account">
        <span
          className="pw-credits"
          aria-label={
            props.credits ? `Credit balance ${props.credits.remaining}` : 'Credit balance loading'
          }
        >
          <span className="pw-credits__label">Credits</span>
          <strong>{props.credits ? props.credits.remaining : '…'}</strong>
        </span>
        <button
          type="button"
          className="pw-btn pw-btn--primary pw-btn--small"
          onClick={props.onUpgrade}
        >
          {props.planLabel}
        </button>
        <span className="pw-header__user" title={props.displayName}>
          <Avatar name={props.displayName} url={props.avatarUrl} />
          <span className="pw-header__name">{props.displayName}</span>
        </span>
        <button
          type="button"
          className="pw-icon-btn"
          aria-label="Account Settings"
          title="Account Settings"
          onClick={props.onSettings}
        >
          <GearIcon />
        </button>
        <button
          type="button"
          className="pw-icon-btn"
          aria-label="Sign Out"
          title="Sign Out"
          onClick={props.onSignOut}
        >
          <SignOutIcon />
        </button>
      </div>
    </header>
  );
}
