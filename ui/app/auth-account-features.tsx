import { useMemo, useState, type ReactNode } from 'react';
import { publishPageUrl } from '../../adapters/browser/browser.container';
import { AccountSettingsDialog } from '../features/account/components/account-settings-dialog';
import { SignOutDialog } from '../features/account/components/sign-out-dialog';
import { DemoBanner } from '../features/demo-banner/components/demo-banner';
import { SubscriptionOverlay } from '../features/subscription/components/subscription-overlay';
import { useSubscriptionFlow } from '../features/subscription/hooks/use-subscription-flow';
import { useSubscriptionRefresh } from '../features/subscription/hooks/use-subscription-refresh';
import { AccountActionsContext, type AccountActions } from './account-actions';
import { useAuth } from './auth-context';

/**
 * The signed-in app's account side: the shell's buttons get Account Settings, the Sign Out
 * confirmation and the subscription flow; the demo banner shows over the app. Lives inside the
 * query cache so a finished checkout can refresh plan and credits.
 */
export function AccountFeatures(props: { children: ReactNode }) {
  const auth = useAuth();
  const [dialog, setDialog] = useState<'settings' | 'sign-out'>();
  const subscription = useSubscriptionFlow();
  useSubscriptionRefresh();
  const { open } = subscription;
  const actions = useMemo<AccountActions>(
    () => ({
      openSettings: () => setDialog('settings'),
      requestSignOut: () => setDialog('sign-out'),
      openSubscription: () => void open(),
      addCredits: () => void open(),
    }),
    [open],
  );
  const close = () => setDialog(undefined);
  return (
    <AccountActionsContext.Provider value={actions}>
      {props.children}
      {dialog === 'settings' && <AccountSettingsDialog onClose={close} />}
      {dialog === 'sign-out' && <SignOutDialog onCancel={close} onConfirm={auth.signOut} />}
      {subscription.overlayUrl && (
        <SubscriptionOverlay
          url={subscription.overlayUrl}
          frameRef={subscription.frameRef}
          onClose={subscription.closeOverlay}
        />
      )}
      <DemoBanner
        active={auth.isSignedIn && auth.isDemo}
        publishUrl={publishPageUrl(auth.platformUrl ?? window.location.origin)}
        onPublish={auth.onPublish}
      />
    </AccountActionsContext.Provider>
  );
}
