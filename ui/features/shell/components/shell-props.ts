export type AppView = 'create' | 'gallery';

/** Credits as shown: already formatted with 2 decimals, plus the bar's fill (remaining / allocated). */
export interface CreditsDisplay {
  readonly remaining: string;
  readonly allocated: string;
  /** 0 to 1. */
  readonly fraction: number;
}

export interface ShellProps {
  view: AppView;
  onViewChange: (view: AppView) => void;
  displayName: string;
  avatarUrl: string | undefined;
  credits: CreditsDisplay | undefined;
  /** Upgrade, or Manage with an active subscription (the domain decides). */
  planLabel: 'Upgrade' | 'Manage';
  onSettings: () => void;
  onSignOut: () => void;
  onUpgrade: () => void;
}
