/**
 * Lets the browser paint and answer input before the next start-up step, so that the steps run as
 * separate short tasks (docs/decisions.md, performance rule 15).
 */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
