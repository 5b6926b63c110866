/** The user's credits in USD (SPEC.md section 3 "Balance"). */
export interface Balance {
  readonly allocatedCredits: number;
  readonly usedCredits: number;
  readonly remainingCredits: number;
}
