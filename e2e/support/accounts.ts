interface OutboxMessage {
  recipient: string;
  text: string;
}

/** The newest message to `recipient` whose text matches `pattern`, read from the development outbox. */
export async function fromOutbox(url: (path: string) => string, recipient: string, pattern: RegExp) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(url('/api/dev/outbox'));
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const match = messages
      .filter((message) => message.recipient === recipient)
      .map((message) => message.text.match(pattern))
      .find(Boolean);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`No message to ${recipient} matches ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Registers an account through the store API with an e-mail code read from the outbox: for specs
 * about what a signed-in person does, not about signing up (accounts.e2e.ts drives that through
 * the modals).
 */
export async function registerByApi(url: (path: string) => string, email: string, password: string) {
  const post = async (path: string, body: object) => {
    const response = await fetch(url(`/api/stores/users${path}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(url('/')).origin },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ permissionItemList: Array<{ id: string }> }>;
  };
  const { permissionItemList } = await post('/permissions/request?typeId=email', {
    purpose: 'user_verify',
    email,
  });
  const id = permissionItemList[0]?.id;
  const [, otp] = await fromOutbox(url, email, /(\d{6})/);
  await post('/permissions/approve?typeId=email', {
    purpose: 'user_verify',
    permissionItemList: [{ id, otp }],
  });
  await post('/register', { email, password, permissionItemList: [{ id }] });
}
