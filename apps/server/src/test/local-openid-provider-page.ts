import type { IncomingMessage } from 'node:http';

/** The sign-in page of the local OpenID provider (local-openid-provider.ts), and what it refuses to show. */

/** What a real provider refuses before showing its page: an unknown client or redirect URI, no PKCE. */
export function badAuthorizationRequest(
  query: URLSearchParams,
  registered: { clientId: string; redirectUri: string },
): string | undefined {
  if (query.get('client_id') !== registered.clientId) return 'unknown client_id';
  if (query.get('redirect_uri') !== registered.redirectUri) return 'redirect_uri is not registered';
  if (query.get('response_type') !== 'code') return 'response_type must be code';
  if (!query.get('scope')?.split(' ').includes('openid')) return 'scope must include openid';
  if (!query.get('code_challenge') || query.get('code_challenge_method') !== 'S256')
    return 'PKCE S256 required';
  if (!query.get('state') || !query.get('nonce')) return 'state and nonce required';
  return undefined;
}

/** The form a person posted on the page. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export function signInPage(name: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in - ${name}</title></head>
<body>
<main>
<h1>Sign in with your ${name} account</h1>
<p>Local test identity provider</p>
<form method="post">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit" name="action" value="sign-in">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
</main>
</body>
</html>`;
}
