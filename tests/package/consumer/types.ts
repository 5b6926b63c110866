// Type-checked with --strict against the installed package under nodenext and bundler resolution.
import {
  ERROR_CODES,
  InsufficientBalanceError,
  PlatformClient,
  type Balance,
  type CallOptions,
  type Plan,
  type SessionData,
  type StorageEdit,
  type TokenClaims,
  type WorkflowStreamEvent,
} from '@pawloween/platform-client';

const client = new PlatformClient({ baseUrl: 'http://127.0.0.1:8787', accessToken: 'token' });
const options: CallOptions = { timeout: 5_000, maxRetries: 0, headers: { 'x-trace': '1' } };
// An app's own workflow: the client types any `workflow/{uuid}` stream the same way.
const COSTUME_WORKFLOW_ID = 'workflow/7a3e5c1d-2b4f-4e8a-9c6d-1f0b3a5e7d92';
const input = { upload_your_pets_photo: 'a', upload_costume_character: 'b' };

export async function typed(): Promise<string[]> {
  const urls: string[] = [];
  for await (const event of client.run.stream({ model: COSTUME_WORKFLOW_ID, input, ...options })) {
    const seen: WorkflowStreamEvent = event;
    if (seen.type === 'output') urls.push(seen.url);
    if (seen.type === 'done') urls.push(...seen.result.output.map(String));
  }
  for await (const text of client.run.stream({ model: 'text/model', input: 'Boo', mode: 'word' }))
    urls.push(text.toUpperCase());
  const balance: Balance = await client.subscriptions.usage(options);
  const plan: Plan | undefined = (await client.subscriptions.status()).plan;
  const edit: StorageEdit = (current) => [...((current as string[] | undefined) ?? []), 'Rex'];
  const data: SessionData = await client.storage.update('pets', edit, options);
  const claims: TokenClaims | undefined = undefined;
  try {
    await client.run.create({ model: COSTUME_WORKFLOW_ID, input });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) urls.push(String(error.requiredCredits));
  }
  // @ts-expect-error the raw request method is not part of the public client
  void client.request;
  return [
    ...urls,
    String(balance.remainingCredits),
    String(plan?.name),
    String(data),
    String(claims),
    ERROR_CODES.validation,
  ];
}
