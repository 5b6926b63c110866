import type { Balance } from '../../../domain/model/balance';
import { formatUsd } from '../../../domain/use-cases/error-presentation';
import type { CreditsDisplay } from './components/shell-props';

/** Credits are USD amounts with 2 decimals; the bar is remaining / allocated (SPEC.md section 9). */
export function creditsDisplay(balance: Balance | undefined): CreditsDisplay | undefined {
  if (!balance) return undefined;
  const fraction =
    balance.allocatedCredits > 0 ? balance.remainingCredits / balance.allocatedCredits : 0;
  return {
    remaining: formatUsd(balance.remainingCredits),
    allocated: formatUsd(balance.allocatedCredits),
    fraction: Math.max(0, Math.min(1, fraction)),
  };
}
