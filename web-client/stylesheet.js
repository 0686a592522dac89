// A module's own stylesheet (a board renderer's, next to it): linked once into the page, and waited for so the
// first draw is styled; a missing or slow file waits at most `timeoutMs`, then the page carries on unstyled.

/** Links `href` (a URL, e.g. new URL('./renderer.css', import.meta.url)) unless already linked. */
export function linkStylesheet(href, timeoutMs = 1000) {
  const url = String(href);
  return new Promise((resolve) => {
    if ([...document.querySelectorAll('link[rel=stylesheet]')].some((l) => l.href === url)) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
    setTimeout(resolve, timeoutMs);
  });
}
