import { useEffect, useState } from 'react';
import type * as EventRulesModule from './wizard.schema';

/**
 * Step 1's rules (wizard.schema.ts, built on the shared zod schemas) load apart from the
 * wizard's first render (zod is 25 KiB gzip; docs/decisions.md, performance rule 13): fetched at the visitor's first touch of
 * the page (booking-wizard-page.tsx), awaited when "Suivant" is pressed, and waited for (a
 * spinner) only when a stored draft reopens step 2 or 3 before they are here.
 */
type EventRules = typeof EventRulesModule;

let pending: Promise<EventRules> | undefined;
let loaded: EventRules | undefined;

export function loadEventRules(): Promise<EventRules> {
  pending ??= import('./wizard.schema').then((rules) => (loaded = rules));
  return pending;
}

/** The rules if already loaded (then a submit handler stays synchronous, as React expects). */
export function loadedEventRules(): EventRules | undefined {
  return loaded;
}

/** The rules once loaded; `needed` starts loading them (undefined until then). */
export function useEventRules(needed: boolean): EventRules | undefined {
  const [rules, setRules] = useState(loaded);
  useEffect(() => {
    if (!needed || rules) return;
    let live = true;
    void loadEventRules().then((module) => live && setRules(module));
    return () => {
      live = false;
    };
  }, [needed, rules]);
  return rules ?? loaded;
}
