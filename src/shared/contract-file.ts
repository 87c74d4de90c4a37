/**
 * The contract's file name from the `contractUrl` a booking carries ('/api/v1/contracts/{name}',
 * the name URL-encoded): the last segment, decoded, ready for `callPath` to encode once. Apart
 * from the call definitions (zod) so that the desktop bridge, loaded by every page, stays light.
 */
export function contractFileOf(contractUrl: string): string {
  const segment = contractUrl.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
