import { ADMIN_EMAIL, ADMIN_PASSWORD, e2eEnv } from './e2e-env.ts';

/**
 * Calls the API of this worker's server as a user, signing in each time: the suite's access tokens live 5 s,
 * which a set-up step on a loaded machine (a seed through the CLI) can outlast.
 */
export async function callAs(
  account: { email: string; password: string },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const { baseURL } = e2eEnv();
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${account.email} failed: ${login.status}`);
  const { jwt } = (await login.json()) as { jwt: string };
  const json = body !== undefined && typeof body !== 'string';
  return fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${jwt}`,
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as string),
  });
}

/** Calls the API as the suite's admin. */
export const asAdmin = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  callAs({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, method, path, body, headers);

/**
 * Puts a global setting of the first licence back to a value (test clean-up: the suite shares one licence, and
 * the other tests expect its defaults).
 */
export async function restoreSetting(name: string, value: string): Promise<void> {
  const list = (await (await asAdmin('GET', '/settings')).json()) as { data: { id: number; name: string }[] };
  const setting = list.data.find((item) => item.name === name);
  if (!setting) throw new Error(`no setting ${name}`);
  const res = await asAdmin('PATCH', `/settings/${setting.id}`, { value: { type: value } });
  if (!res.ok) throw new Error(`restoring ${name} failed: ${res.status}`);
}

/** Deletes the first licence's statuses of these names, if they are still there (test clean-up). */
export async function removeStatuses(...names: string[]): Promise<void> {
  const list = (await (await asAdmin('GET', '/statuses')).json()) as { data: { id: number; name: string }[] };
  for (const status of list.data.filter((item) => names.includes(item.name))) {
    await asAdmin('DELETE', `/statuses/${status.id}`);
  }
}

/** Creates a tag in the first licence as the admin. */
export async function createTagAsAdmin(name: string): Promise<void> {
  const res = await asAdmin('POST', '/tags', { name });
  if (!res.ok) throw new Error(`creating tag ${name} failed: ${res.status}`);
}

/** Creates a job offer in the first licence as the admin. */
export async function createJobOfferAsAdmin(name: string): Promise<void> {
  const res = await asAdmin('POST', '/job_offers', { job_offer: { name } });
  if (!res.ok) throw new Error(`creating job offer ${name} failed: ${res.status}`);
}

/** Adds a user to the first licence as its admin would (POST /users): unconfirmed until the mailed link. */
export async function createUserAsAdmin(email: string, password?: string): Promise<void> {
  const res = await asAdmin('POST', '/users', { email, ...(password ? { password } : {}) });
  if (res.status !== 201) throw new Error(`creating ${email} failed: ${res.status}`);
}
