import type { Balance } from '../../../domain/model/balance';
import { presentCredits } from '../../../domain/use-cases/account';
import type { CreditsDisplay } from './components/shell-props';

/** The domain's credit display (2 decimals, bar = remaining / allocated) with the dollar sign shown. */
export function creditsDisplay(balance: Balance | null | undefined): CreditsDisplay | undefined {
  if (!balance) return undefined;
  const credits = presentCredits(balance);
  return {
    remaining: `$${credits.remaining}`,
    allocated: `$${credits.allocated}`,
    fraction: credits.percent / 100,
  };
}
