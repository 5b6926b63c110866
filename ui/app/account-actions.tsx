import { createContext, useContext } from 'react';

/**
 * The shell's account buttons. The account feature (issue 6) provides the real ones (settings
 * modal, sign-out confirmation, subscription popup) by wrapping the app in this context.
 */
export interface AccountActions {
  openSettings: () => void;
  requestSignOut: () => void;
  openSubscription: () => void;
  /** Add Credits in the error dialog; defaults to the subscription page. */
  addCredits?: () => void;
}

export const AccountActionsContext = createContext<AccountActions | undefined>(undefined);

export function useAccountActions(): AccountActions | undefined {
  return useContext(AccountActionsContext);
}
