import { setNonce } from 'get-nonce';

/**
 * The server writes a per-request CSP nonce into `<meta name="csp-nonce">` (DESIGN section 2). Every style tag the
 * app creates at run time (Mantine, react-remove-scroll) must carry it, or `style-src` blocks it.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const value = doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
  return value ? value : undefined;
}

let nonce: string | undefined;

/** Reads the nonce once at start and hands it to get-nonce (used by react-remove-scroll in modals). */
export function installCspNonce(): void {
  nonce = readCspNonce();
  if (nonce) setNonce(nonce);
}

export function cspNonce(): string | undefined {
  return nonce;
}
