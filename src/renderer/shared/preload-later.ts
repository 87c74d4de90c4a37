import { AFTER_PAINT_TEMPLATE, LATER_PRELOAD_ATTRIBUTE } from '@shared/web-bundle-files';

/** The most the page's later parts wait for their preloads: past it, their imports insert the rest. */
const AT_MOST_MS = 2_000;

let done: Promise<void> | undefined;
/** Held here while in use, so that nothing collects it with messages on their way. */
let channel: MessageChannel | undefined;

/**
 * Puts in <head> the module preloads that the pre-rendered page names for what it imports once its
 * top has painted (`later` in PRERENDERED_SHELLS), two per task, and resolves once they are all in
 * (docs/decisions.md, performance rule 7). The import's own preloading (Vite's helper) then finds
 * them there: left to it, it inserted all of them in the task of the import, a long task on a slow
 * machine (docs/performance-log.md). Resolves at once where the page names none (another page
 * loaded first, the desktop app), and on later calls.
 */
export function preloadLater(): Promise<void> {
  done ??= new Promise<void>((resolve) => {
    const template = document.getElementById(AFTER_PAINT_TEMPLATE);
    const links =
      template instanceof HTMLTemplateElement
        ? Array.from(template.content.querySelectorAll(`link[rel=modulepreload][${LATER_PRELOAD_ATTRIBUTE}]`))
        : [];
    if (links.length === 0) return resolve();
    const finish = () => {
      links.length = 0;
      channel?.port1.close();
      channel = undefined;
      resolve();
    };
    const timer = setTimeout(finish, AT_MOST_MS);
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // Another import may have put some there meanwhile.
      const inHead = new Set(Array.from(document.head.getElementsByTagName('link'), (link) => link.href));
      for (const later of links.splice(0, 2)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = later.getAttribute('href') ?? '';
        if (!inHead.has(link.href)) document.head.appendChild(link);
      }
      if (links.length > 0) return channel?.port2.postMessage(0);
      clearTimeout(timer);
      finish();
    };
    channel.port2.postMessage(0);
  });
  return done;
}
