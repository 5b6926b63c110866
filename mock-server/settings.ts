/**
 * Every setting the local platform reads from its environment, as `--help` (here and in
 * `pawloween serve --help`) and README's Configuration table name them.
 */
export const SETTINGS: readonly { name: string; fallback: string; what: string }[] = [
  { name: 'PORT', fallback: '8787', what: 'port to listen on (--port); 0 picks a free one' },
  {
    name: 'HOST',
    fallback: '127.0.0.1',
    what: 'address to listen on (--host); 0.0.0.0 for others',
  },
  {
    name: 'DATA_DIR',
    fallback: './data',
    what: 'database, signing secret and generated files (--data-dir), of the current folder',
  },
  { name: 'PROJECT_TOKEN', fallback: 'pk_local_pawloween', what: "the local project's token" },
  {
    name: 'PUBLIC_BASE_URL',
    fallback: 'http://localhost:$PORT',
    what: 'the address written into run answers and trusted for sign-in returns',
  },
  {
    name: 'ALLOWED_ORIGINS',
    fallback: 'none',
    what: 'comma-separated origins that may call the API and receive sign-in tokens',
  },
  {
    name: 'TRUST_PROXY',
    fallback: 'none',
    what: 'reverse proxies (addresses, CIDRs) whose X-Forwarded-For names the client',
  },
  {
    name: 'PAWLOWEEN_FAULTS',
    fallback: 'off',
    what: '1 turns on fault injection (POST /__faults, loopback only) for tests',
  },
  { name: 'LOG_LEVEL', fallback: 'info', what: 'pino level: trace, debug, info, warn, error' },
  {
    name: 'LOG_FORMAT',
    fallback: 'pretty on a terminal, else json',
    what: 'pretty (readable lines) or json (pino)',
  },
  { name: 'STORAGE_QUOTA_MB', fallback: '256', what: "what all of a project's users keep" },
  { name: 'USER_STORAGE_QUOTA_MB', fallback: '1', what: 'storage each user keeps' },
  { name: 'PAGES_PER_MINUTE', fallback: '60', what: 'pages one address may load a minute' },
  { name: 'SIGNUPS_PER_HOUR', fallback: '20', what: 'new accounts one address may make an hour' },
  {
    name: 'REQUEST_TIMEOUT_MS',
    fallback: '60000',
    what: 'a request must arrive whole within this',
  },
  { name: 'IDLE_TIMEOUT_MS', fallback: '120000', what: 'an idle socket is closed after this' },
  { name: 'CONNECTIONS_PER_ADDRESS', fallback: '256', what: 'open sockets per client address' },
  { name: 'MAX_CONNECTIONS', fallback: 'ulimit -n less 10%', what: 'open sockets in all' },
];

/** The settings as aligned lines under a heading, for --help. */
export function settingsHelp(): string {
  const width = Math.max(...SETTINGS.map((setting) => setting.name.length));
  const lines = SETTINGS.map(
    (setting) => `  ${setting.name.padEnd(width)}  ${setting.what} (default ${setting.fallback})`,
  );
  return `Environment:\n${lines.join('\n')}\n`;
}
