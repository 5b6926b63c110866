/** `generate --pet dog1 --costume vampire --out <out>`: the run most CLI tests make, as arguments. */
export const generateArgs = (out: string): string[] => [
  'generate',
  '--pet',
  'dog1',
  '--costume',
  'vampire',
  '--out',
  out,
];
