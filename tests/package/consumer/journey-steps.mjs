// The steps both module formats take, given the exports each loaded its own way.
import { readFileSync } from 'node:fs';

const { BASE_URL, PROJECT_TOKEN, EMAIL, PET_PNG, COSTUME_PNG } = process.env;
const dataUrl = (file) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;

/** Signs in as the platform's sign-in page would and takes the token from the redirect. */
async function signIn() {
  const redirectUri = `${BASE_URL}/`;
  const answer = await fetch(`${BASE_URL}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: EMAIL,
      project_token: PROJECT_TOKEN,
      redirect_uri: redirectUri,
    }),
  });
  return new URL(answer.headers.get('location')).searchParams.get('accessToken');
}

/** The costume workflow: an app's own workflow, which the client knows only as `workflow/{uuid}`. */
const COSTUME_WORKFLOW_ID = 'workflow/7a3e5c1d-2b4f-4e8a-9c6d-1f0b3a5e7d92';

export async function journey({ PlatformClient, ValidationError, PreconditionFailedError }) {
  const accessToken = await signIn();
  const client = new PlatformClient({ baseUrl: BASE_URL, accessToken });
  const before = await client.subscriptions.usage();

  const events = [];
  const stream = client.run.stream({
    model: COSTUME_WORKFLOW_ID,
    input: {
      upload_your_pets_photo: dataUrl(PET_PNG),
      upload_costume_character: dataUrl(COSTUME_PNG),
    },
  });
  for await (const event of stream) events.push(event);
  const after = await client.subscriptions.usage();

  await client.storage.update('pets', ['Rex']);
  const { etag } = await client.storage.get();
  await client.storage.put({ pets: ['Rex', 'Mia'] }, { ifMatch: etag });
  let stale;
  try {
    await client.storage.put({ pets: ['lost'] }, { ifMatch: etag });
  } catch (error) {
    stale = {
      preconditionFailed: error instanceof PreconditionFailedError,
      status: error.statusCode,
    };
  }
  const stored = (await client.storage.get()).sessionData;

  let typed;
  try {
    await client.run.create({
      model: COSTUME_WORKFLOW_ID,
      input: { upload_your_pets_photo: 'not an image' },
    });
  } catch (error) {
    typed = {
      validation: error instanceof ValidationError,
      code: error.code,
      action: error.action,
    };
  }

  return {
    spent: Math.round((before.remainingCredits - after.remainingCredits) * 100) / 100,
    events: events.map((event) =>
      event.type === 'output' ? `${event.type}:${event.key}` : event.type,
    ),
    media: events
      .filter((event) => event.type === 'output')
      .map((event) => new URL(event.url).pathname.split('.').pop()),
    requestId: typeof stream.requestId,
    stored,
    stale,
    typed,
    shown: JSON.stringify(client).includes(accessToken.slice(0, -4)),
  };
}
