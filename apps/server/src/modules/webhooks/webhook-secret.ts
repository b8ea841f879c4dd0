/** The context a secret is sealed under: its endpoint, so a sealed secret copied to another row does not open. */
export const secretContext = (endpointId: number) => `webhook endpoint ${endpointId}`;
