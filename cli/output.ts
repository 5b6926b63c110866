/** A stream the CLI writes to; process.stdout and process.stderr fit, and so does a test buffer. */
export interface Output {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}
