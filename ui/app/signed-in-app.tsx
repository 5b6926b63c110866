import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { planButtonLabel } from '../../domain/use-cases/account';
import { SignOutDialog } from '../features/account/components/sign-out-dialog';
import { CreateView } from '../features/create/components/create-view';
import { GalleryView } from '../features/gallery/gallery-view';
import { AppShell } from '../features/shell/components/app-shell';
import { creditsDisplay } from '../features/shell/format-credits';
import { useBalance, useSubscription } from '../features/shell/hooks/use-account-data';
import { useAccountActions, type AccountActions } from './account-actions';
import { useHistoryView } from './app-history';
import { AccountFeatures } from './auth-account-features';
import { createQueryClient } from './query-client';
import { useServices } from './services-context';
import { StorageNotice } from './storage-notice';
import { useTabsAgree } from './use-tabs-agree';
import { useStore } from './use-store';

/** The signed-in app, loaded lazily: query cache, shell and the Create / Gallery view switch. */
export default function SignedInApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AccountFeatures>
        <SignedInShell />
      </AccountFeatures>
    </QueryClientProvider>
  );
}

function SignedInShell() {
  const services = useServices();
  const { profile } = useStore(services.profile);
  const [view, setView] = useHistoryView();
  useTabsAgree(services.gallery, services.profile, services.account);
  // A new view takes keyboard focus to its heading: the button that switched may be gone with the
  // old view (Open My Gallery, Create a Costume), and focus must not fall to the page's body.
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    const heading =
      view === 'gallery' ? '#pw-gallery-title' : '#pw-results-title, #pw-create-title';
    document.querySelector<HTMLElement>(heading)?.focus();
  }, [view]);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const balance = useBalance();
  const subscription = useSubscription();
  const provided = useAccountActions();
  const actions: AccountActions = provided ?? {
    openSettings: () => undefined,
    requestSignOut: () => setConfirmSignOut(true),
    openSubscription: () => {
      void services.account.subscribeUrl().then((url) => window.open(url, '_blank', 'noopener'));
    },
  };

  return (
    <AppShell
      view={view}
      onViewChange={setView}
      displayName={profile.displayName}
      avatarUrl={profile.avatarUrl || undefined}
      credits={creditsDisplay(balance.data)}
      planLabel={planButtonLabel(subscription.data ?? undefined)}
      onSettings={actions.openSettings}
      onSignOut={actions.requestSignOut}
      onUpgrade={actions.openSubscription}
    >
      <StorageNotice onGallery={view === 'gallery'} />
      {view === 'create' ? (
        <CreateView onShowGallery={() => setView('gallery')} />
      ) : (
        <GalleryView onCreate={() => setView('create')} />
      )}
      {confirmSignOut && (
        <SignOutDialog
          onCancel={() => setConfirmSignOut(false)}
          onConfirm={async () => {
            await services.session.signOut();
          }}
        />
      )}
    </AppShell>
  );
}
